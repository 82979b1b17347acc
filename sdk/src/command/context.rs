//! What a command sees besides its arguments.

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use super::surface::Surface;
use crate::Origin;
use crate::plugin::PluginContext;

/// A command's view of its run and of its plugin, typed by the plugin's
/// config (`CommandContext` alone when the command does not read it).
///
/// Take it as a parameter: `ctx: &CommandContext<MetricsConfig>`.
pub struct CommandContext<C = ()> {
    command: &'static str,
    line: Arc<str>,
    surface: Surface,
    origin: Origin,
    plugin: PluginContext<C>,
}

impl<C> CommandContext<C> {
    pub(crate) fn new(
        command: &'static str,
        line: Arc<str>,
        surface: Surface,
        origin: Origin,
        plugin: PluginContext<C>,
    ) -> Self {
        CommandContext {
            command,
            line,
            surface,
            origin,
            plugin,
        }
    }

    /// The command's name (not the alias it was called by).
    pub fn command(&self) -> &'static str {
        self.command
    }

    /// The command line as it was typed (`/review --depth 2 src`).
    pub fn line(&self) -> &str {
        &self.line
    }

    /// Where it runs: inside the agent or on the host.
    pub fn surface(&self) -> Surface {
        self.surface
    }

    /// Who asked (`cli`, `agent`, `telegram:42`, ...).
    pub fn origin(&self) -> &Origin {
        &self.origin
    }

    /// The plugin's config.
    pub fn config(&self) -> &C {
        self.plugin.config()
    }

    /// The agent folder the host runs in.
    pub fn agent_dir(&self) -> &Path {
        self.plugin.agent_dir()
    }

    /// The plugin's id.
    pub fn plugin_id(&self) -> &'static str {
        self.plugin.id()
    }

    /// The plugin's context.
    pub fn plugin(&self) -> &PluginContext<C> {
        &self.plugin
    }
}

impl<C> fmt::Debug for CommandContext<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CommandContext")
            .field("command", &self.command)
            .field("line", &self.line)
            .field("surface", &self.surface)
            .field("origin", &self.origin)
            .field("plugin", &self.plugin.id())
            .finish()
    }
}
