//! Subagents and the bridge to the host's agent.
//!
//! A plugin declares subagents in `plugin! { subagents: [...] }` and starts
//! one with `spawn_subagent`; prompt-kind cron jobs send a prompt. Both go
//! through the [`AgentBridge`] the host provides, with [`Provenance`]: who
//! asked, from which session, with which role.
//!
//! ```rust,standalone_crate
//! use tackle::prelude::*;
//! use tackle::agent::SpawnOptions;
//!
//! tackle::plugin! {
//!     id: "reviewer",
//!     subagents: [{
//!         name: "critic",
//!         description: "Reviews one file.",
//!         system_prompt: "You review code. Be brief.",
//!         payload: Review,
//!         tools: ["read", "grep"],
//!         in_flight_key: by_path,
//!     }],
//! }
//!
//! #[tackle::data]
//! #[derive(Serialize, Deserialize, JsonSchema)]
//! pub struct Review {
//!     /// The file to review.
//!     pub path: String,
//! }
//!
//! /// One run per file at a time; a second request for the same file joins it.
//! fn by_path(review: &Review) -> String {
//!     review.path.clone()
//! }
//!
//! /// Ask the critic about a file.
//! #[tool]
//! async fn critique(ctx: &ToolContext, path: String) -> Result<String, ToolError> {
//!     // The run inherits the role of the call's origin; without one, the
//!     // origin is the plugin's own, `plugin:reviewer`.
//!     let mut options = SpawnOptions::new();
//!     if let Some(origin) = ctx.origin() {
//!         options = options.origin(origin.clone());
//!     }
//!     if let Some(session) = ctx.session_id() {
//!         options = options.parent_session(session);
//!     }
//!     Ok(ctx.plugin().spawn_subagent("critic", &Review { path }, options).await?)
//! }
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() {
//! use std::sync::Arc;
//! use tackle::agent::{AgentBridge, AgentError, PromptRun, SubagentRun};
//! use tackle::def::BoxFuture;
//! use tackle_runtime::{CallInfo, Host, Registry};
//!
//! /// The host's agent; this one answers with what it was asked.
//! struct Echo;
//!
//! impl AgentBridge for Echo {
//!     fn run_subagent(&self, run: SubagentRun) -> BoxFuture<Result<String, AgentError>> {
//!         let answer = format!(
//!             "{} on {} for {}",
//!             run.subagent.name, run.payload["path"], run.provenance.origin
//!         );
//!         Box::pin(async move { Ok(answer) })
//!     }
//!
//!     fn prompt(&self, run: PromptRun) -> BoxFuture<Result<String, AgentError>> {
//!         Box::pin(async move { Ok(run.text) })
//!     }
//! }
//!
//! let registry = Registry::global().unwrap().only(&["reviewer"]);
//! let host = Host::builder().registry(registry).agent_bridge(Arc::new(Echo)).build().await.unwrap();
//! let args = serde_json::json!({"path": "src/lib.rs"});
//! let result = host.call_tool("critique", args, CallInfo::new(".")).await.unwrap();
//! assert_eq!(result.text_content(), r#"critic on "src/lib.rs" for plugin:reviewer"#);
//! # }
//! ```
//!
//! Hooks reach the same through `ctx.plugin_info().spawn_subagent(...)`;
//! hosts through `Host::spawn_subagent`.
//!
//! Runs are coalesced by their in-flight key: while a run of a subagent
//! with some key is under way, another spawn with the same key does not
//! start a second run, it waits for the first and gets the same result.
//! The key is the subagent's `in_flight_key` function of the payload, or
//! the same for every payload when it has none (one run at a time).

mod def;
mod services;
mod spawn;

use std::fmt;

use serde_json::Value;

use crate::future::BoxFuture;

#[doc(hidden)]
pub use def::Payload;
pub use def::{BUILTIN_TOOLS, PayloadType, SubagentDef, SubagentPayload};
pub use services::HostServices;
pub use spawn::{SpawnError, SpawnOptions};

/// Where a request came from: `cli`, `cron:<job id>`, `telegram:42`, ...
/// Roles in the host config are given to origins.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Origin(pub String);

impl Origin {
    /// An origin with this id.
    pub fn new(id: impl Into<String>) -> Self {
        Origin(id.into())
    }

    /// The origin of what a plugin does on its own: `plugin:<id>`.
    pub fn plugin(id: &str) -> Self {
        Origin(format!("plugin:{id}"))
    }

    /// The origin of a cron job's runs: `cron:<job id>`.
    pub fn cron(job_id: &str) -> Self {
        Origin(format!("cron:{job_id}"))
    }

    /// The origin id.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Who started a run: stamped on everything a plugin spawns so that a
/// subagent inherits its parent's role instead of forging one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Provenance {
    /// The plugin that asked.
    pub plugin: &'static str,
    /// The session the request came from, if any.
    pub parent_session: Option<String>,
    /// Where the request came from.
    pub origin: Origin,
    /// The role the host gives that origin, inherited by the run.
    pub role: Option<String>,
}

/// A subagent run the host's agent should perform.
#[derive(Debug)]
pub struct SubagentRun {
    /// The subagent's declaration.
    pub subagent: &'static SubagentDef,
    /// Its payload, already checked against its schema.
    pub payload: Value,
    /// An instruction beside the payload, if the spawn gave one (a
    /// prompt-kind cron job's prompt).
    pub prompt: Option<String>,
    /// Who asked.
    pub provenance: Provenance,
}

/// A prompt the host's agent should answer (a prompt-kind cron job).
#[derive(Debug)]
pub struct PromptRun {
    /// The prompt.
    pub text: String,
    /// Who asked.
    pub provenance: Provenance,
}

/// Why the host's agent could not do a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgentError(pub String);

impl fmt::Display for AgentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for AgentError {}

/// What a host implements so that plugins can reach its agent: run a
/// subagent, answer a prompt. Each returns the agent's final text.
pub trait AgentBridge: Send + Sync + 'static {
    /// Runs a subagent to completion.
    fn run_subagent(&self, run: SubagentRun) -> BoxFuture<Result<String, AgentError>>;
    /// Answers a prompt in a fresh session.
    fn prompt(&self, run: PromptRun) -> BoxFuture<Result<String, AgentError>>;
}
