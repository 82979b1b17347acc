//! tackle's own reply format, which the generated OpenCode, Pi and
//! SuperQode shims read: every field present, `null` when unset.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tackle::hook::Verdict;

use super::answer::Answer;
use super::reply::{NativeReply, ask_reason, deny_reason};

/// The reply a shim reads.
#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct ShimReply {
    /// The verdict, `null` when no hook decided (or the agent does not
    /// take it at the event).
    pub(crate) decision: Option<ShimDecision>,
    /// Why it refused or asks.
    pub(crate) reason: Option<String>,
    /// The new input, when a hook rewrote it.
    pub(crate) input: Option<Value>,
    /// Text to add to the agent's context.
    pub(crate) context: Option<String>,
}

/// A verdict, as the shims read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum ShimDecision {
    Deny,
    Ask,
    Allow,
}

impl ShimDecision {
    /// The verdict's decision; `None` for an abstention.
    pub(crate) fn of(verdict: &Verdict) -> Option<ShimDecision> {
        match verdict {
            Verdict::Deny { .. } => Some(ShimDecision::Deny),
            Verdict::Ask { .. } => Some(ShimDecision::Ask),
            Verdict::Allow => Some(ShimDecision::Allow),
            Verdict::Abstain => None,
        }
    }
}

/// The whole answer, as the OpenCode and Pi shims read it.
pub(crate) fn encode(answer: &Answer, reply: &mut NativeReply) {
    reply.print(&ShimReply {
        decision: ShimDecision::of(&answer.outcome.verdict),
        reason: deny_reason(answer).or_else(|| ask_reason(answer)),
        input: answer.input().cloned(),
        context: answer.context_text(),
    });
}
