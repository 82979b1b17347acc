//! A plugin's runtime context, built once per plugin by the host.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::def::PluginDef;

/// The untyped facts about a loaded plugin, shared by all its contexts.
pub struct PluginInfo {
    def: &'static PluginDef,
    agent_dir: PathBuf,
    span: tracing::Span,
}

impl PluginInfo {
    /// Built by the host when it loads the plugin.
    #[doc(hidden)]
    pub fn new(def: &'static PluginDef, agent_dir: PathBuf) -> Self {
        let span = tracing::info_span!("plugin", id = def.id);
        PluginInfo {
            def,
            agent_dir,
            span,
        }
    }

    /// The plugin's id.
    pub fn id(&self) -> &'static str {
        self.def.id
    }

    /// The plugin's static declaration.
    pub fn def(&self) -> &'static PluginDef {
        self.def
    }

    /// The span that scopes the plugin's log lines.
    pub fn span(&self) -> &tracing::Span {
        &self.span
    }
}

impl fmt::Debug for PluginInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PluginInfo")
            .field("id", &self.def.id)
            .field("agent_dir", &self.agent_dir)
            .finish()
    }
}

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
}

impl<C> fmt::Debug for PluginContext<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PluginContext")
            .field("id", &self.info.def.id)
            .field("agent_dir", &self.info.agent_dir)
            .finish_non_exhaustive()
    }
}
