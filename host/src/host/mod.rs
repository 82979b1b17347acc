//! The host: the linked plugins, loaded with their configs, ready for calls.
//! See [`Host`] for an example.

mod access;
mod build;
mod call;
mod command;
mod config;
pub(crate) mod contain;
mod declared;
pub(crate) mod dispatch;
mod error;
pub(crate) mod plugins;
mod prompt;
mod provider;
pub mod refusal;
mod services;
#[cfg(feature = "skills")]
mod skills;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};

use tackle::def::ToolDef;

use crate::config::HostConfig;
use crate::registry::Registry;
use crate::services::{Bridge, Services};

use plugins::{LoadState, dispose_all};

pub use build::{DEFAULT_HOOK_TIMEOUT, HostBuilder, SYNC_HOOK_BUDGET};
pub use call::guarded::{Approval, Approver, GuardedCall, ToolCallRequest};
pub use call::panicked::ToolPanicked;
pub use call::truncate::truncate_output;
pub use command::CommandError;
pub use contain::quiet_plugin_panics;
pub use dispatch::fold::{Fold, HookResult};
pub use error::{CallError, HostError};
pub use plugins::{LoadedPlugin, PluginStatus};
pub use prompt::{CONTEXT_CAP, SystemContext};
pub use provider::source::{ProviderSource, ResolvedProvider};
pub use provider::{LoadedProvider, ProviderChoiceError};

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
    withheld: Vec<crate::trust::Withheld>,
    /// Whether the project is trusted, once asked.
    trust: OnceLock<crate::trust::ProjectTrust>,
    /// The user's trust variables, for `trust`.
    vars: crate::trust::UserVars,
    /// The declarative plugins found in plugin folders.
    declared: crate::declarative::Declared,
    /// The host's subagent bridge, for subagents and prompt-kind cron jobs.
    bridge: Option<Bridge>,
    /// Slash commands, with their parsers built on first use.
    commands: command::CommandTable,
    /// The LLM providers it offers, and the default.
    providers: provider::Providers,
    /// What builds the API providers the config names, if any.
    provider_source: Option<provider::source::Source>,
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

/// Building a host, and what every room shares: the agent folder, the
/// session store, the output cap.
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

    /// The output cap applied when a call does not set its own.
    pub fn max_output_bytes(&self) -> usize {
        self.max_output_bytes
    }
}
