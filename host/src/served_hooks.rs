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
    fn answer(&self, host: Arc<Host>, call: ServedEvent) -> ServedFuture;

    /// Whether `agent` (an agent's name, as in `hook <agent> <event>`)
    /// can take a served answer: its hooks can call an MCP tool or a URL.
    fn serves(&self, agent: &str) -> bool;
}

/// What [`ServedHooks::answer`] returns.
pub type ServedFuture = Pin<Box<dyn Future<Output = ServedAnswer> + Send>>;

/// One hook event sent to the server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServedEvent {
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

/// What proves that a call of [`HOOK_TOOL`] comes from the package's own
/// hook entries: a random key `export` writes both into those entries'
/// input and into the package's MCP server entry (`mcp --hook-key KEY`).
/// A server started without one does not serve [`HOOK_TOOL`] at all, and
/// one started with it refuses a call without the key: no other client of
/// the server (an agent that forwards any tool name its model writes, a
/// second MCP client) can feed session state or probe decisions.
///
/// The key is in the package's files, readable by what runs as the user,
/// the model's shell included: it keeps out callers that do not read
/// them, which is what the hook entries' transport allows.
#[derive(Clone, PartialEq, Eq)]
pub struct HookKey {
    text: String,
    digest: [u8; 32],
}

/// How many hex digits a [`HookKey`] has at least: 128 bits.
pub const HOOK_KEY_DIGITS: usize = 32;

impl HookKey {
    /// The key `text`: at least [`HOOK_KEY_DIGITS`] hex digits.
    ///
    /// # Errors
    ///
    /// Text that is not such a key, saying so (without repeating it).
    pub fn new(text: &str) -> Result<HookKey, String> {
        let text = text.trim();
        if text.len() < HOOK_KEY_DIGITS || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(format!(
                "a hook key is at least {HOOK_KEY_DIGITS} hex digits (the one `export` writes)"
            ));
        }
        Ok(HookKey {
            text: text.to_ascii_lowercase(),
            digest: hmac_sha256::Hash::hash(text.to_ascii_lowercase().as_bytes()),
        })
    }

    /// The key as `export` writes it.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// Whether `given` is this key, compared as SHA-256 digests in a time
    /// that does not depend on where they differ.
    pub fn matches(&self, given: &str) -> bool {
        let given = hmac_sha256::Hash::hash(given.trim().to_ascii_lowercase().as_bytes());
        let diff = self
            .digest
            .iter()
            .zip(given)
            .fold(0u8, |acc, (a, b)| acc | (a ^ b));
        std::hint::black_box(diff) == 0
    }
}

impl std::fmt::Debug for HookKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("HookKey(..)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hook_key_is_long_hex_and_matches_only_itself() {
        assert!(HookKey::new("abc").is_err());
        assert!(HookKey::new(&"g".repeat(32)).is_err());
        let key = HookKey::new(&"0123456789ABCDEF".repeat(2)).expect("a key");
        assert_eq!(key.as_str(), "0123456789abcdef".repeat(2));
        assert!(key.matches(&"0123456789abcdef".repeat(2)));
        assert!(!key.matches(&"0123456789abcdef".repeat(2).replace('f', "e")));
        assert!(!key.matches(""));
        assert_eq!(format!("{key:?}"), "HookKey(..)", "never printed");
    }
}
