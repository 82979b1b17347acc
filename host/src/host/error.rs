//! Errors of building a host and of calling into it.

use crate::config::ConfigError;
use crate::registry::RegistryError;

/// Why a host could not be built.
#[derive(Debug, Clone, thiserror::Error)]
pub enum HostError {
    /// The linked plugins clash.
    #[error(transparent)]
    Registry(#[from] RegistryError),
    /// The config is invalid (every problem listed).
    #[error(transparent)]
    Config(#[from] ConfigError),
}

/// Why a tool could not be called at all. A tool that runs and fails is not
/// this: that is a [`ToolResult`](tackle::ToolResult) with `is_error`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CallError {
    /// No tool has this name.
    #[error("no tool is named `{name}`{suggestion} (tools: {known})")]
    UnknownTool {
        /// The name asked for.
        name: String,
        /// `; did you mean ...?`, or empty.
        suggestion: String,
        /// The callable tools.
        known: String,
    },
    /// The host was shut down.
    #[error("the host is shut down; tool `{tool}` was not called")]
    ShutDown {
        /// The tool asked for.
        tool: String,
    },
    /// The tool's plugin is not running.
    #[error("tool `{tool}` belongs to plugin `{plugin}`, which {why}")]
    PluginUnavailable {
        /// The tool.
        tool: String,
        /// Its plugin.
        plugin: String,
        /// Why the plugin is off.
        why: String,
    },
}
