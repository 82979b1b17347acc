//! The host: the linked plugins, loaded with their configs, ready for calls.
//! See [`Host`] for an example.

mod build;
mod call;
mod command;
pub mod contain;
pub mod dispatch;
mod error;
mod guarded;
mod prompt;
mod provider;
mod provider_source;
pub mod refusal;
mod services;
mod truncate;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use tackle::PluginInfo;
use tackle::agent::AgentBridge;
use tackle::def::{AnyConfig, AnyState, PluginDef, ToolDef};

use crate::config::HostConfig;
use crate::registry::Registry;
use crate::services::{Bridge, Services};

use tackle::Problem;

pub use build::{DEFAULT_HOOK_TIMEOUT, HostBuilder, SYNC_HOOK_BUDGET};
pub use command::CommandError;
pub use contain::quiet_plugin_panics;
pub use dispatch::fold::{Fold, HookResult};
pub use error::{CallError, HostError};
pub use guarded::{Approval, Approver, GuardedCall, ToolCallRequest};
pub use prompt::{CONTEXT_CAP, SystemContext};
pub use provider::{LoadedProvider, ProviderChoiceError};
pub use provider_source::{ProviderSource, ResolvedProvider};
pub use truncate::truncate_output;

/// Places in a table by a name the linked plugins declare (a tool's name,
/// a plugin's id). The keys never come from input, so the table needs no
/// defence against chosen collisions, and a fast hash serves every call.
pub(crate) type NameIndex = HashMap<&'static str, usize, rustc_hash::FxBuildHasher>;

/// Linked plugins, loaded and configured, and their tools.
///
/// `Host` is `Send + Sync`; calls take `&self` and may run concurrently.
/// A Rust agent embeds one: build it with [`Host::builder`], then call
/// tools, dispatch hook events, assemble the system prompt and run slash
/// commands.
///
/// ```rust,standalone_crate
/// use serde_json::json;
/// use tackle::prelude::*;
///
/// tackle::plugin! { id: "notes" }
///
/// /// Count the lines of a text.
/// #[tool]
/// fn count_lines(text: String) -> String {
///     text.lines().count().to_string()
/// }
///
/// /// Refuse `sudo`.
/// #[hook(before_tool_call, matcher = "Bash")]
/// fn no_sudo(ev: &BeforeToolCall) -> Decision {
///     match ev.arguments["command"].as_str() {
///         Some(cmd) if cmd.starts_with("sudo ") => Decision::deny("no sudo here"),
///         _ => Decision::abstain(),
///     }
/// }
///
/// /// The house rules.
/// #[hook(system_prompt)]
/// fn rules() -> &'static str {
///     "Run the tests before saying you are done."
/// }
///
/// /// Say hello: `/hello NAME`.
/// #[command]
/// fn hello(#[positional] name: String) -> String {
///     format!("hello, {name}")
/// }
///
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use tackle::hook::{BeforeToolCall, SessionInfo, SystemPrompt};
/// use tackle_host::{CallInfo, Host, Registry};
///
/// let host = Host::builder()
///     .agent_dir(std::env::temp_dir())
///     .registry(Registry::global()?.only(&["notes"]))
///     .config_toml("enabled = [\"notes\"]", "<inline>")
///     .build()
///     .await?;
/// assert_eq!(host.plugins().len(), 1);
/// assert!(host.tool("count_lines").is_some());
///
/// let call = CallInfo::new(".").with_session("s-1");
/// let result = host.call_tool("count_lines", json!({"text": "a\nb"}), call).await?;
/// assert_eq!(result.text_content(), "2");
///
/// let sudo = BeforeToolCall {
///     tool_name: "Bash".into(),
///     arguments: json!({"command": "sudo reboot"}),
///     ..Default::default()
/// };
/// assert_eq!(host.dispatch(sudo).await.deny_reason(), Some("no sudo here"));
///
/// let prompt = host.system_context(SystemPrompt::default(), SessionInfo::empty()).await;
/// assert!(prompt.text.contains("Run the tests"));
///
/// assert_eq!(host.run_command("/hello Ann").await?.text, "hello, Ann");
///
/// host.shutdown().await; // disposes of plugin state; later calls are refused
/// assert!(host.call_tool("count_lines", json!({"text": ""}), CallInfo::new(".")).await.is_err());
/// # Ok(())
/// # }
/// ```
#[derive(Debug)]
pub struct Host {
    agent_dir: PathBuf,
    plugins: Vec<LoadedPlugin>,
    tools: Vec<&'static ToolDef>,
    /// Per tool, compiled on its first call: the validator of the
    /// constraints in its schema that serde does not check, if any.
    constraints: Vec<OnceLock<Option<crate::problems::Constraints>>>,
    by_name: NameIndex,
    plugin_index: NameIndex,
    max_output_bytes: usize,
    shut_down: AtomicBool,
    hooks: dispatch::HookTable,
    rules: crate::permission::RuleSet,
    context_cap: usize,
    /// The checked declarations this host was built from.
    registry: Registry,
    /// The config it was built with.
    config: HostConfig,
    /// The config files read, when the config came in layers.
    config_files: Vec<crate::trust::ConfigFile>,
    /// What the project asked for and did not get.
    refused: Vec<crate::trust::Refusal>,
    /// Whether the project is trusted, once asked.
    trust: OnceLock<crate::trust::ProjectTrust>,
    /// The user's trust variables, for `trust`.
    vars: crate::trust::UserVars,
    /// The declarative plugins found in plugin folders.
    declared: crate::declarative::Declared,
    /// The host's agent, for subagents and prompt-kind cron jobs.
    bridge: Option<Bridge>,
    /// Slash commands, with their parsers built on first use.
    commands: command::CommandTable,
    /// The LLM providers it offers, and the default.
    providers: provider::Providers,
    /// What builds the API providers the config names, if any.
    provider_source: Option<provider_source::Source>,
    /// The permission service and subagent runs, shared with every plugin.
    services: Arc<Services>,
    /// The running plugins' skills merged with the scanned skill folders,
    /// read on first use: a host that never asks (a hook call) never scans.
    #[cfg(feature = "skills")]
    skills: OnceLock<crate::skills::SkillCatalogue>,
    /// Where hooks' per-session values live.
    sessions: Arc<dyn tackle::session::SessionStore>,
    /// The worker threads that run plugin code off a server's own threads.
    pub(crate) workers: crate::offload::Workers,
}

/// One linked plugin and whether it can run.
#[derive(Debug)]
pub struct LoadedPlugin {
    def: &'static PluginDef,
    state: LoadState,
}

#[derive(Debug)]
enum LoadState {
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
    fn problems(&self) -> impl Iterator<Item = Problem> + '_ {
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

impl Host {
    /// Starts building a host.
    pub fn builder() -> HostBuilder {
        HostBuilder::new()
    }

    /// The agent folder.
    pub fn agent_dir(&self) -> &Path {
        &self.agent_dir
    }

    /// Where hooks keep their per-session values (see
    /// [`HostBuilder::session_store`]).
    pub fn session_store(&self) -> &dyn tackle::session::SessionStore {
        &*self.sessions
    }

    /// Forgets a session's values: its `session_end` was dispatched. An id
    /// too long to be a key was never stored.
    fn end_session(&self, id: &str) {
        let Ok(key) = tackle::session::SessionKey::new(id) else {
            return;
        };
        if let Err(e) = self.sessions.end(key) {
            self.sessions.report(format!(
                "session {key}: its values could not be forgotten: {e}"
            ));
        }
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

    /// The tools of one plugin, in order.
    pub fn tools_of<'a>(
        &'a self,
        plugin_id: &'a str,
    ) -> impl Iterator<Item = &'static ToolDef> + 'a {
        self.tools
            .iter()
            .copied()
            .filter(move |t| t.plugin.id == plugin_id)
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
    /// calls are refused ([`CallError::ShutDown`]); a second shutdown does
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
    fn load_state(&self, plugin_id: &str) -> &LoadState {
        match self.plugin(plugin_id) {
            Some(plugin) => &plugin.state,
            None => &LoadState::Disabled,
        }
    }

    /// Why a plugin that is not ready is off, for the errors of its items.
    fn why_unavailable(&self, plugin_id: &str) -> String {
        match self.load_state(plugin_id) {
            LoadState::Failed(problems) => format!(
                "is off because it failed to load: {}",
                problems
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
            _ => "is not in the config's `enabled` list".to_owned(),
        }
    }

    /// The checked declarations this host was built from (every linked
    /// plugin's items, whether or not the plugin runs).
    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// The config this host was built with.
    pub fn config(&self) -> &HostConfig {
        &self.config
    }

    /// The config files the host read, in layer order, each with whether it
    /// had full powers; empty unless the builder read the config in layers
    /// ([`HostBuilder::standard_config`]).
    pub fn config_files(&self) -> &[crate::trust::ConfigFile] {
        &self.config_files
    }

    /// What the project's files asked for and did not get because the
    /// project is not trusted (see [`trust`](crate::trust)): config keys,
    /// rules, its state file's entries, its plugin folders' plugins, and
    /// variables its agent settings name.
    pub fn refused(&self) -> &[crate::trust::Refusal] {
        &self.refused
    }

    /// The user's trust variables as this host read them.
    pub fn user_vars(&self) -> &crate::trust::UserVars {
        &self.vars
    }

    /// Whether the project in the agent folder is trusted, and how.
    pub fn project_trust(&self) -> &crate::trust::ProjectTrust {
        self.trust
            .get_or_init(|| crate::trust::project_trust(&self.agent_dir, &self.vars))
    }

    /// Every declarative plugin found in the plugin folders, lowest tier
    /// first, with whether it takes part (shadowed and untrusted ones
    /// too). Empty unless the host was built with
    /// [`discover_plugins`](HostBuilder::discover_plugins).
    pub fn declared(&self) -> &[crate::declarative::Found] {
        &self.declared.found
    }

    /// The declarative plugin behind a loaded plugin, if it is one.
    pub fn declared_plugin(&self, def: &PluginDef) -> Option<&crate::declarative::Found> {
        self.declared.of(def)
    }

    /// The plugin folders searched, if the host searched any.
    pub fn plugin_folders(&self) -> Option<&crate::declarative::PluginFolders> {
        self.declared.folders.as_ref()
    }

    /// Warnings from building the host that stopped nothing: `enabled`
    /// patterns that match no plugin, disabled ids that name none.
    pub fn warnings(&self) -> &[Problem] {
        &self.declared.warnings
    }

    /// The host's agent, if the builder was given one
    /// ([`HostBuilder::agent_bridge`]).
    pub fn agent_bridge(&self) -> Option<&Arc<dyn AgentBridge>> {
        self.bridge.as_ref().map(|b| &b.0)
    }

    /// The skills of the running plugins merged with the skill folders
    /// (`[skills] dirs` and the project's `.agents/skills/`), with where each
    /// came from and the files that could not be used.
    #[cfg(feature = "skills")]
    pub fn skills(&self) -> &crate::skills::SkillCatalogue {
        self.skills.get_or_init(|| {
            crate::skills::SkillCatalogue::load(
                &self.agent_dir,
                &self.config.skills,
                self.plugins
                    .iter()
                    .filter(|p| p.status() == PluginStatus::Ready)
                    .map(|p| p.def),
            )
        })
    }

    /// The output cap applied when a call does not set its own.
    pub fn max_output_bytes(&self) -> usize {
        self.max_output_bytes
    }
}

/// Runs `dispose` for every started state, last plugin first.
async fn dispose_all(plugins: &[LoadedPlugin]) {
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
