//! The linked plugins as the host loaded them, and their tools: which run,
//! which failed and why, and disposing of their state at shutdown.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use tackle::def::{AnyConfig, AnyState, PluginDef, ToolDef};
use tackle::{PluginInfo, Problem};

use super::{Host, contain};

/// One linked plugin and whether it can run.
#[derive(Debug)]
pub struct LoadedPlugin {
    pub(super) def: &'static PluginDef,
    pub(super) state: LoadState,
}

#[derive(Debug)]
pub(super) enum LoadState {
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

    /// Why it is off, if it failed to load.
    pub(super) fn problems(&self) -> impl Iterator<Item = Problem> + '_ {
        match &self.state {
            LoadState::Failed(problems) => problems.as_slice(),
            _ => &[],
        }
        .iter()
        .cloned()
    }

    /// Its context, config and state, when it is ready (doctor checks and
    /// cron runs are built from them).
    pub(crate) fn ready_parts(&self) -> Option<(&Arc<PluginInfo>, &AnyConfig, Option<&AnyState>)> {
        match &self.state {
            LoadState::Ready {
                info,
                config,
                state,
            } => Some((info, config, state.as_ref())),
            _ => None,
        }
    }

    /// Whether it runs.
    pub fn status(&self) -> PluginStatus<'_> {
        match &self.state {
            LoadState::Ready { .. } => PluginStatus::Ready,
            LoadState::Failed(problems) => PluginStatus::Failed(problems),
            LoadState::Disabled => PluginStatus::Disabled,
        }
    }
}

/// The plugins and their tools: what is linked, what runs, what can be
/// called.
impl Host {
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

    /// The tools of one plugin, in order.
    pub fn tools_of<'a>(
        &'a self,
        plugin_id: &'a str,
    ) -> impl Iterator<Item = &'static ToolDef> + 'a {
        crate::registry::of_plugin(&self.tools, plugin_id)
    }

    /// The tool with this name.
    pub fn tool(&self, name: &str) -> Option<&'static ToolDef> {
        self.by_name.get(name).map(|&i| self.tools[i])
    }

    /// The tools whose plugin is ready, in order: what a model may call.
    pub fn callable_tools(&self) -> impl Iterator<Item = &'static ToolDef> + '_ {
        self.tools.iter().copied().filter(|t| self.is_callable(t))
    }

    /// Whether a tool's plugin is ready, so that it can be called.
    pub fn is_callable(&self, tool: &ToolDef) -> bool {
        self.is_ready(tool.plugin)
    }

    /// Whether `plugin` is linked and loaded, so that what it declares
    /// (tools, resources, prompts) is served.
    pub fn is_ready(&self, plugin: &PluginDef) -> bool {
        self.plugin(plugin.id)
            .is_some_and(|p| matches!(p.state, LoadState::Ready { .. }))
    }

    /// Plugins that failed to load (config or state), with their problems.
    pub fn failures(&self) -> impl Iterator<Item = (&'static PluginDef, &[Problem])> {
        self.plugins.iter().filter_map(|p| match &p.state {
            LoadState::Failed(problems) => Some((p.def, problems.as_slice())),
            _ => None,
        })
    }

    /// Disposes of every plugin's state, in reverse plugin order. Later
    /// calls are refused ([`CallError::ShutDown`](crate::CallError::ShutDown)); a second shutdown does
    /// nothing. A `dispose` that panics is logged; the others still run.
    ///
    /// Takes `&self` so that a host shared in an `Arc` can be shut down;
    /// calls already running finish with the state they hold.
    pub async fn shutdown(&self) {
        if !self.shut_down.swap(true, Ordering::SeqCst) {
            dispose_all(&self.plugins).await;
        }
    }

    /// How the plugin with this id was loaded (`Disabled` for an unknown id).
    pub(super) fn load_state(&self, plugin_id: &str) -> &LoadState {
        match self.plugin(plugin_id) {
            Some(plugin) => &plugin.state,
            None => &LoadState::Disabled,
        }
    }

    /// Why a plugin that is not ready is off, for the errors of its items.
    pub(super) fn why_unavailable(&self, plugin_id: &str) -> String {
        match self.load_state(plugin_id) {
            LoadState::Failed(problems) => {
                format!("is off because it failed to load: {}", one_line(problems))
            }
            _ => "is not in the config's `enabled` list".to_owned(),
        }
    }
}

/// Why a plugin failed to load, on one line: its problems, `; `-separated.
pub(crate) fn one_line(problems: &[Problem]) -> String {
    problems
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

/// Runs `dispose` for every started state, last plugin first.
pub(super) async fn dispose_all(plugins: &[LoadedPlugin]) {
    for plugin in plugins.iter().rev() {
        let (
            LoadState::Ready {
                state: Some(state), ..
            },
            Some(def),
        ) = (&plugin.state, plugin.def.state)
        else {
            continue;
        };
        let outcome = match contain::contain(|| (def.dispose)(state.clone())) {
            Ok(future) => contain::contain_future(future).await,
            Err(panic) => Err(panic),
        };
        if outcome.is_err() {
            tracing::error!(plugin = plugin.def.id, "dispose panicked");
        }
    }
}
