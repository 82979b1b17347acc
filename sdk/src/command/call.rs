//! One run of a command, as the runtime hands it to the generated glue.

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use serde::de::DeserializeOwned;
use serde_json::Value;

use super::context::CommandContext;
use super::surface::Surface;
use crate::Origin;
use crate::invocation::{HandlerError, plugin_context, shared_state};
use crate::plugin::{AnyConfig, AnyState};
use crate::plugin::{PluginContext, PluginInfo};

/// Everything a command's glue needs: the parsed arguments as JSON, the
/// command line, where it runs and who asked, and the plugin's loaded
/// config and state.
pub struct CommandCall {
    command: &'static str,
    args: Value,
    line: Arc<str>,
    surface: Surface,
    origin: Origin,
    plugin: Arc<PluginInfo>,
    config: AnyConfig,
    state: Option<AnyState>,
}

impl CommandCall {
    /// Assembled by the runtime for each run.
    #[doc(hidden)]
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        command: &'static str,
        args: Value,
        line: Arc<str>,
        surface: Surface,
        origin: Origin,
        plugin: Arc<PluginInfo>,
        config: AnyConfig,
        state: Option<AnyState>,
    ) -> Self {
        CommandCall {
            command,
            args,
            line,
            surface,
            origin,
            plugin,
            config,
            state,
        }
    }

    /// Deserializes the arguments into the command's argument type; on
    /// failure they travel back with the error, so the runtime can list
    /// every problem.
    #[doc(hidden)]
    pub fn parse_args<T: DeserializeOwned>(&mut self) -> Result<T, HandlerError> {
        crate::invocation::parse_args(&mut self.args)
    }

    /// The command's context, typed by `C` (`()` or the plugin's config type).
    #[doc(hidden)]
    pub fn context<C: Any + Send + Sync>(&self) -> Result<CommandContext<C>, HandlerError> {
        Ok(CommandContext::new(
            self.command,
            self.line.clone(),
            self.surface,
            self.origin.clone(),
            self.plugin_context()?,
        ))
    }

    /// The plugin's context, typed as in [`CommandCall::context`].
    #[doc(hidden)]
    pub fn plugin_context<C: Any + Send + Sync>(&self) -> Result<PluginContext<C>, HandlerError> {
        plugin_context(&self.plugin, &self.config)
    }

    /// The plugin's state, typed.
    #[doc(hidden)]
    pub fn state<S: Any + Send + Sync>(&self) -> Result<Arc<S>, HandlerError> {
        shared_state(&self.plugin, self.state.as_ref())
    }
}

impl fmt::Debug for CommandCall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CommandCall")
            .field("command", &self.command)
            .field("plugin", &self.plugin.id())
            .field("args", &self.args)
            .field("surface", &self.surface)
            .field("origin", &self.origin)
            .finish_non_exhaustive()
    }
}
