//! Subagents and the bridge to the host's agent.
//!
//! A plugin declares subagents in `plugin! { subagents: [...] }` and starts
//! one with `spawn_subagent`; prompt-kind cron jobs send a prompt. Both go
//! through the [`AgentBridge`] the host provides, with [`Provenance`]: who
//! asked, from which session, with which role.
//!
//! (Scaffold for issue 4: the subagents work fills this module in; the
//! bridge's shape below is what the cron work codes against.)

use std::fmt;

use serde_json::Value;

use crate::def::BoxFuture;

/// A subagent from `plugin! { subagents: [...] }`.
#[derive(Debug)]
pub struct SubagentDef {
    /// The name it is spawned by, unique within the plugin.
    pub name: &'static str,
    /// Its system prompt (inline, or read from a file at compile time).
    pub system_prompt: &'static str,
}

/// Where a request came from: `cli`, `cron:<job id>`, `telegram:42`, ...
/// Roles in the host config are given to origins.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Origin(pub String);

impl Origin {
    /// An origin with this id.
    pub fn new(id: impl Into<String>) -> Self {
        Origin(id.into())
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
