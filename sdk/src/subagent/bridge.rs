//! What the host's bridge is given to run, and what it answers.

use std::fmt;

use serde_json::Value;

use crate::Origin;
use crate::future::BoxFuture;
use crate::subagent::SubagentDef;

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

/// A subagent run the bridge should perform.
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

/// A prompt the bridge should answer (a prompt-kind cron job).
#[derive(Debug)]
pub struct PromptRun {
    /// The prompt.
    pub text: String,
    /// Who asked.
    pub provenance: Provenance,
}

/// Why the bridge could not do a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunError(pub String);

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RunError {}

/// What a host implements so that subagents run: run a declared subagent,
/// answer a prompt. Each returns the run's final text.
pub trait SubagentBridge: Send + Sync + 'static {
    /// Runs a subagent to completion.
    fn run_subagent(&self, run: SubagentRun) -> BoxFuture<Result<String, RunError>>;
    /// Answers a prompt in a fresh session.
    fn prompt(&self, run: PromptRun) -> BoxFuture<Result<String, RunError>>;
}
