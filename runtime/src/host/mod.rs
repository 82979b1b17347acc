//! The host: the linked plugins, loaded with their configs, ready for calls.
//!
//! ```no_run
//! # async fn demo() -> Result<(), Box<dyn std::error::Error>> {
//! use tackle_runtime::{CallInfo, Host};
//!
//! let host = Host::builder()
//!     .agent_dir(".")
//!     .config_file("tackle.toml")
//!     .build()
//!     .await?;
//! let result = host
//!     .call_tool("count_lines", serde_json::json!({"path": "src/main.rs"}), CallInfo::new("."))
//!     .await?;
//! println!("{}", result.text_content());
//! host.shutdown().await; // disposes of plugin state
//! # Ok(())
//! # }
//! ```

mod build;
mod call;
mod error;
mod truncate;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tackle::PluginInfo;
use tackle::def::{AnyConfig, AnyState, PluginDef, ToolDef};

use tackle::Problem;

pub use build::HostBuilder;
pub use error::{CallError, HostError};
pub use truncate::truncate_output;

/// Linked plugins, loaded and configured, and their tools.
///
/// `Host` is `Send + Sync`; calls take `&self` and may run concurrently.
#[derive(Debug)]
pub struct Host {
    agent_dir: PathBuf,
    plugins: Vec<LoadedPlugin>,
    tools: Vec<&'static ToolDef>,
    by_name: HashMap<&'static str, usize>,
    plugin_index: HashMap<&'static str, usize>,
    max_output_bytes: usize,
}

/// One linked plugin and whether it can run.
#[derive(Debug)]
pub struct LoadedPlugin {
    def: &'static PluginDef,
    state: PluginState,
}

#[derive(Debug)]
enum PluginState {
    Ready {
        info: Arc<PluginInfo>,
        config: AnyConfig,
        state: Option<AnyState>,
    },
    Failed(Vec<Problem>),
    Disabled,
}

/// Whether a plugin runs, as listings show it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PluginStatus<'a> {
    /// Loaded and configured; its tools can be called.
    Ready,
    /// Its config is invalid or its state failed to start; it is off, the
    /// others run.
    Failed(&'a [Problem]),
    /// Linked, but not in the config's `enabled` list.
    Disabled,
}

impl PluginStatus<'_> {
    /// `ready`, `failed` or `disabled`, as `--json` listings spell it.
    pub fn as_str(&self) -> &'static str {
        match self {
            PluginStatus::Ready => "ready",
            PluginStatus::Failed(_) => "failed",
            PluginStatus::Disabled => "disabled",
        }
    }
}

impl LoadedPlugin {
    /// Its declaration.
    pub fn def(&self) -> &'static PluginDef {
        self.def
    }

    /// Whether it runs.
    pub fn status(&self) -> PluginStatus<'_> {
        match &self.state {
            PluginState::Ready { .. } => PluginStatus::Ready,
            PluginState::Failed(problems) => PluginStatus::Failed(problems),
            PluginState::Disabled => PluginStatus::Disabled,
        }
    }
}

impl Host {
    /// Starts building a host.
    pub fn builder() -> HostBuilder {
        HostBuilder::new()
    }

    /// The agent folder.
    pub fn agent_dir(&self) -> &Path {
        &self.agent_dir
    }

    /// Every linked plugin: enabled ones in the configured order, then the
    /// others by id.
    pub fn plugins(&self) -> &[LoadedPlugin] {
        &self.plugins
    }

    /// The plugin with this id.
    pub fn plugin(&self, id: &str) -> Option<&LoadedPlugin> {
        self.plugin_index.get(id).map(|&i| &self.plugins[i])
    }

    /// Every tool, in plugin order, then `order`, then source location.
    pub fn tools(&self) -> &[&'static ToolDef] {
        &self.tools
    }

    /// The tool with this name.
    pub fn tool(&self, name: &str) -> Option<&'static ToolDef> {
        self.by_name.get(name).map(|&i| self.tools[i])
    }

    /// Whether a tool's plugin is ready, so that it can be called.
    pub fn is_callable(&self, tool: &ToolDef) -> bool {
        self.plugin(tool.plugin.id)
            .is_some_and(|p| matches!(p.state, PluginState::Ready { .. }))
    }

    /// Plugins that failed to load (config or state), with their problems.
    pub fn failures(&self) -> impl Iterator<Item = (&'static PluginDef, &[Problem])> {
        self.plugins.iter().filter_map(|p| match &p.state {
            PluginState::Failed(problems) => Some((p.def, problems.as_slice())),
            _ => None,
        })
    }

    /// Disposes of every plugin's state, in reverse plugin order, after the
    /// last call. A `dispose` that panics is logged; the others still run.
    pub async fn shutdown(self) {
        for plugin in self.plugins.iter().rev() {
            if let (
                PluginState::Ready {
                    state: Some(state), ..
                },
                Some(def),
            ) = (&plugin.state, plugin.def.state)
            {
                let disposed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    (def.dispose)(state.clone())
                }));
                let outcome = match disposed {
                    Ok(future) => {
                        futures_util::FutureExt::catch_unwind(std::panic::AssertUnwindSafe(future))
                            .await
                    }
                    Err(panic) => Err(panic),
                };
                if outcome.is_err() {
                    tracing::error!(plugin = plugin.def.id, "dispose panicked");
                }
            }
        }
    }

    /// The output cap applied when a call does not set its own.
    pub fn max_output_bytes(&self) -> usize {
        self.max_output_bytes
    }
}
