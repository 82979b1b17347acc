//! What a host knows about the session an event comes from, beyond the
//! event itself.

use std::path::PathBuf;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The session facts a host passes with each dispatch (SuperQode's
/// lifecycle context): which agent, provider and model, the loop
/// iteration, the transcript, and free-form metadata. Hooks read it through
/// [`HookContext`](crate::hook::HookContext).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SessionInfo {
    /// The agent the event comes from (`claude`, `gemini`, ...), if not in-process.
    pub agent: Option<String>,
    /// The model provider.
    pub provider: Option<String>,
    /// The model.
    pub model: Option<String>,
    /// The agent loop's iteration, from 1 (0 when unknown).
    pub iteration: u64,
    /// The session transcript, if the agent keeps one on disk.
    pub transcript_path: Option<PathBuf>,
    /// Anything else the host wants hooks to see.
    pub metadata: Map<String, Value>,
}

impl SessionInfo {
    /// The empty session info, shared.
    pub fn empty() -> &'static SessionInfo {
        static EMPTY: OnceLock<SessionInfo> = OnceLock::new();
        EMPTY.get_or_init(SessionInfo::default)
    }
}
