//! A plugin's context, typed by its config: what its items reach.

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use serde::Serialize;

use super::PluginInfo;
use crate::access::Permissions;
use crate::future::BoxFuture;
use crate::resource::ResourceChange;
use crate::subagent::{SpawnError, SpawnOptions};

/// A plugin's context, typed by its config.
///
/// Tools reach it through [`ToolContext::plugin`](crate::ToolContext::plugin)
/// or take it directly as a `&PluginContext<Config>` parameter.
pub struct PluginContext<C = ()> {
    info: Arc<PluginInfo>,
    config: Arc<C>,
}

impl<C> Clone for PluginContext<C> {
    fn clone(&self) -> Self {
        PluginContext {
            info: self.info.clone(),
            config: self.config.clone(),
        }
    }
}

impl<C> PluginContext<C> {
    pub(crate) fn new(info: Arc<PluginInfo>, config: Arc<C>) -> Self {
        PluginContext { info, config }
    }

    /// The plugin's id, as declared in `plugin!`.
    pub fn id(&self) -> &'static str {
        self.info.def.id
    }

    /// The plugin's human name.
    pub fn name(&self) -> &'static str {
        self.info.def.name
    }

    /// The plugin's version.
    pub fn version(&self) -> &'static str {
        self.info.def.version
    }

    /// The agent folder the host runs in (where its config and state live).
    pub fn agent_dir(&self) -> &Path {
        &self.info.agent_dir
    }

    /// The user's home folder, as the host resolved it: never a value the
    /// project could have set (a `HOME` that a project's agent settings
    /// name is not honoured, and the account's own home is used instead).
    /// `None` when the host knows of none. Read it here rather than from
    /// the environment, which an agent may have filled from the project.
    pub fn home_dir(&self) -> Option<&Path> {
        self.info.home_dir()
    }

    /// The plugin's config, read from the host config's `[plugins.<id>]` block
    /// and validated against its schema before any tool runs.
    pub fn config(&self) -> &C {
        &self.config
    }

    /// A `tracing` span carrying `plugin.id`; the runtime enters it around every
    /// call into the plugin, so plain `tracing::info!` lines are already scoped.
    pub fn span(&self) -> &tracing::Span {
        &self.info.span
    }

    /// The permission service: whether an origin holds a permission, from
    /// the roles in the host config. Short names are this plugin's
    /// (`publish` is `<id>:publish`); see [`access`](crate::access).
    pub fn permissions(&self) -> Permissions<'_> {
        self.info.permissions()
    }

    /// Runs this plugin's subagent `name` with `payload` through the host's
    /// agent, and returns its final text.
    ///
    /// The payload is checked against the subagent's schema; the run
    /// carries [`Provenance`](crate::subagent::Provenance): this plugin, the
    /// parent session and origin from `options`, and the role the host
    /// gives that origin (inherited, never chosen by the plugin). While a
    /// run with the same in-flight key is under way, this joins it and gets
    /// its result instead of starting another. See [`subagent`](crate::subagent).
    ///
    /// Fails with [`SpawnError`]: an unknown name (with the nearest one), a
    /// payload that does not fit, a host without a subagent bridge, or the
    /// run's own failure.
    pub fn spawn_subagent<P: Serialize + ?Sized>(
        &self,
        name: &str,
        payload: &P,
        options: SpawnOptions,
    ) -> BoxFuture<Result<String, SpawnError>> {
        self.info.spawn_subagent(name, payload, options)
    }

    /// Says that the contents of the resource at `uri` changed: every MCP
    /// session the host serves whose client subscribed to `uri`
    /// (`resources/subscribe`) gets `notifications/resources/updated`, over
    /// stdio and HTTP alike; the others get nothing.
    ///
    /// Call it from a tool that changed what a resource reads, or from a
    /// cron job or a state's background task. Outside any MCP session (a
    /// CLI call, an agent's hook, a host serving no MCP client, a context
    /// built without a host) it does nothing. A session that was behind by
    /// more than 256 changes is told that every URI it subscribed to changed.
    ///
    /// ```
    /// use tackle::prelude::*;
    ///
    /// tackle::plugin! { id: "notes" }
    ///
    /// /// The note `name`.
    /// #[tackle::resource("notes://{name}")]
    /// fn note(name: String) -> String {
    ///     std::fs::read_to_string(format!("{name}.txt")).unwrap_or_default()
    /// }
    ///
    /// /// Writes the note `name`.
    /// #[tool]
    /// fn write_note(ctx: &ToolContext, name: String, text: String) -> Result<String, ToolError> {
    ///     let is_new = !std::path::Path::new(&format!("{name}.txt")).exists();
    ///     std::fs::write(format!("{name}.txt"), text).map_err(|e| ToolError::new(e.to_string()))?;
    ///     ctx.plugin().resource_updated(format!("notes://{name}"));
    ///     if is_new {
    ///         ctx.plugin().resource_list_changed();
    ///     }
    ///     Ok("written".into())
    /// }
    /// # fn main() {}
    /// ```
    pub fn resource_updated(&self, uri: impl Into<String>) {
        self.info
            .resource_changed(ResourceChange::Updated(uri.into()));
    }

    /// Says that the plugin's resources came or went: every MCP session
    /// the host serves gets `notifications/resources/list_changed`, and its
    /// client lists them again. Outside any MCP session it does nothing,
    /// as [`resource_updated`](Self::resource_updated).
    pub fn resource_list_changed(&self) {
        self.info.resource_changed(ResourceChange::ListChanged);
    }
}

impl<C> fmt::Debug for PluginContext<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PluginContext")
            .field("id", &self.info.def.id)
            .field("agent_dir", &self.info.agent_dir)
            .finish_non_exhaustive()
    }
}
