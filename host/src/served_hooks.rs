//! Agents' hook events answered by a long-lived server rather than by a
//! process per event: the plugin's MCP server called by a hook (Claude
//! Code's `mcp_tool` hooks) or `<bin> mcp --http` receiving a POST (its
//! `http` hooks). The host stays up between events, so plugins keep their
//! state and their session values in memory.
//!
//! The engine knows no agent's wire format: whoever serves (`tackle-mcp`)
//! is given [`ServedHooks`] (`tackle-runtime` gives `tackle-agents`'),
//! which reads the event and answers it as the agent's hook process would,
//! in JSON alone.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use crate::Host;

pub use tackle_spec::names::HOOK_TOOL;

/// Where a server over HTTP takes agents' `http` hooks:
/// `POST HOOKS_PATH/<agent>/<Event>`.
pub const HOOKS_PATH: &str = "/hooks";

/// Answers agents' hook events on a host that outlives them.
pub trait ServedHooks: Send + Sync + std::fmt::Debug + 'static {
    /// Answers `call` with `host`'s hooks. Never fails: an event it cannot
    /// answer is [`ServedAnswer::Failed`] or [`ServedAnswer::Unknown`].
    fn answer(&self, host: Arc<Host>, call: HookCall) -> ServedFuture;

    /// Whether `agent` (an agent's name, as in `hook <agent> <event>`)
    /// can take a served answer: its hooks can call an MCP tool or a URL.
    fn serves(&self, agent: &str) -> bool;
}

/// What [`ServedHooks::answer`] returns.
pub type ServedFuture = Pin<Box<dyn Future<Output = ServedAnswer> + Send>>;

/// One hook event sent to the server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HookCall {
    /// The agent, by the name `hook <agent> <event>` takes (`claude`).
    pub agent: String,
    /// The agent's own name of the event (`PreToolUse`).
    pub event: String,
    /// The event.
    pub body: HookBody,
}

/// An event as the server received it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HookBody {
    /// Its JSON text, as the agent writes it to a hook process's stdin
    /// (an HTTP POST's body).
    Json(Vec<u8>),
    /// Its fields, already read (an MCP tool's arguments, put back
    /// together).
    Fields(serde_json::Map<String, serde_json::Value>),
}

/// The answer to a served hook event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ServedAnswer {
    /// The agent's reply.
    Reply {
        /// The JSON, `{}` when no hook had anything to say.
        json: String,
        /// What went wrong without changing it (a hook that failed open),
        /// for the server's log.
        notes: Vec<String>,
    },
    /// No such agent or event, or an agent whose hooks cannot take a served
    /// answer: the message says which and lists what there is.
    Unknown(String),
    /// The event could not be answered in the agent's format: the agent's
    /// own failure handling applies (Claude Code's `onFailure`).
    Failed(String),
}
