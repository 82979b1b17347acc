//! Auggie's reply: Claude Code's `hookSpecificOutput` by event, of which
//! Auggie reads `PreToolUse`'s (`permissionDecision`, its reason,
//! `updatedInput`) and `PostToolUse`'s (`decision: "block"`, `reason`,
//! `additionalContext`, both appended to the tool's result).
//!
//! What the bundle does with the rest (`augment.mjs` 0.36.0): the
//! `Stop` and `SessionStart` replies are awaited and thrown away,
//! `PromptSubmit` is started without waiting, and `SessionEnd` and
//! `Notification` are observers. There tackle says what it dropped.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::Agent;
use crate::claude::reply::PermissionDecision;
use crate::hook::answer::Answer;
use crate::hook::reply::{NativeReply, context_dropped, refusal, refusal_dropped, rewrite_dropped};

use super::Event;

/// Why an `ask` is refused: Auggie reads none.
const CANNOT_ASK: &str = "Auggie acts on no `ask` from a hook";

/// The coverage note of `PermissionRequest`.
pub(crate) const NO_ALLOW: &str = "an `allow` does not skip its own permission rules, and an `ask` is a refusal: it acts on neither";

/// The coverage note of `AfterToolCall`.
pub(crate) const RESULT_KEPT: &str = "a refusal does not withhold the result: its reason is appended to it, and the result cannot be replaced";

/// The coverage note of `UserPromptSubmit`.
pub(crate) const NOT_AWAITED: &str =
    "the hook is not waited for: a prompt cannot be refused or given context";

/// The coverage note of `Stop`.
pub(crate) const STOP_UNREAD: &str = "the reply is not read: the agent cannot be kept going";

/// The reply: only `hookSpecificOutput` (Auggie's top-level
/// `additionalContext` reaches the model only where this does).
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Output {
    pub(crate) hook_specific_output: Specific,
}

/// `hookSpecificOutput`, the fields of the event named.
#[derive(Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Specific {
    pub(crate) hook_event_name: String,
    /// At `PreToolUse`: only `deny` is acted on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) permission_decision: Option<PermissionDecision>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) permission_decision_reason: Option<String>,
    /// At `PreToolUse`: the tool's whole new input.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) updated_input: Option<Value>,
    /// At `PostToolUse`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) decision: Option<Block>,
    /// At `PostToolUse`, with `decision`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) reason: Option<String>,
    /// At `PostToolUse`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) additional_context: Option<String>,
}

/// `decision`'s one value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Block {
    Block,
}

impl Specific {
    fn new(event: Event) -> Specific {
        Specific {
            hook_event_name: event.name().to_owned(),
            ..Specific::default()
        }
    }

    /// Prints it, unless it holds nothing but the event's name.
    fn print(self, reply: &mut NativeReply) {
        let empty = Specific {
            hook_event_name: self.hook_event_name.clone(),
            ..Specific::default()
        };
        if self != empty {
            reply.print(&Output {
                hook_specific_output: self,
            });
        }
    }
}

/// Writes `answer` to `event`.
pub(crate) fn encode(event: Event, answer: &Answer, reply: &mut NativeReply) {
    match event {
        Event::PreToolUse => before_tool(answer, reply),
        Event::PostToolUse => after_tool(answer, reply),
        _ => unread(event, answer, reply),
    }
}

/// A refusal (an `ask` too) as `deny` with its reason; otherwise the
/// rewrite as `updatedInput`. An `allow` is left out: Auggie acts on
/// none. Context is not read here.
fn before_tool(answer: &Answer, reply: &mut NativeReply) {
    let event = Event::PreToolUse;
    let mut out = Specific::new(event);
    match refusal(Agent::Auggie, event.name(), Some(CANNOT_ASK), answer, reply) {
        Some(reason) => {
            out.permission_decision = Some(PermissionDecision::Deny);
            out.permission_decision_reason = Some(reason);
        }
        None => out.updated_input = answer.input().cloned(),
    }
    context_dropped(Agent::Auggie, event.name(), answer, reply);
    out.print(reply);
}

/// A refusal as `decision: "block"` with its reason, and the context:
/// Auggie appends both to the tool's result.
fn after_tool(answer: &Answer, reply: &mut NativeReply) {
    let event = Event::PostToolUse;
    let mut out = Specific::new(event);
    if let Some(reason) = refusal(Agent::Auggie, event.name(), None, answer, reply) {
        out.decision = Some(Block::Block);
        out.reason = Some(reason);
    }
    rewrite_dropped(Agent::Auggie, event.name(), answer, reply);
    out.additional_context = answer.context_text();
    out.print(reply);
}

/// An event whose reply Auggie does not read: what the answer holds is
/// noted as dropped.
fn unread(event: Event, answer: &Answer, reply: &mut NativeReply) {
    let name = event.name();
    if let Some(reason) = refusal(Agent::Auggie, name, None, answer, reply) {
        refusal_dropped(Agent::Auggie, name, reason, reply);
    }
    rewrite_dropped(Agent::Auggie, name, answer, reply);
    context_dropped(Agent::Auggie, name, answer, reply);
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use tackle::hook::{HookPoint, Verdict};

    use super::*;
    use crate::hook::reply::encode as reply;
    use crate::hook::reply::tests::{answer, deny, read};

    fn specific(out: &NativeReply) -> Specific {
        let read: Output = read(out);
        read.hook_specific_output
    }

    #[test]
    fn a_refusal_before_a_tool_is_a_deny_with_its_reason() {
        let out = reply(
            Agent::Auggie,
            "PreToolUse",
            &deny(HookPoint::BeforeToolCall),
        );
        assert_eq!(out.code, 0);
        let s = specific(&out);
        assert_eq!(s.hook_event_name, "PreToolUse");
        assert_eq!(s.permission_decision, Some(PermissionDecision::Deny));
        assert_eq!(s.permission_decision_reason.as_deref(), Some("no"));
    }

    #[test]
    fn ask_is_refused_with_the_question_and_allow_is_left_out() {
        let ask = answer(
            HookPoint::BeforeToolCall,
            Verdict::Ask {
                reason: Some("push to main?".into()),
            },
            Some(json!({"command": "git push"})),
        );
        let out = reply(Agent::Auggie, "PreToolUse", &ask);
        let s = specific(&out);
        assert_eq!(s.permission_decision, Some(PermissionDecision::Deny));
        assert!(
            s.permission_decision_reason
                .as_deref()
                .is_some_and(|r| r.contains("push to main?") && r.contains(CANNOT_ASK)),
            "{s:?}"
        );
        assert_eq!(s.updated_input, None, "a refused call is not rewritten");
        let allow = answer(HookPoint::BeforeToolCall, Verdict::Allow, None);
        let out = reply(Agent::Auggie, "PreToolUse", &allow);
        assert_eq!(out.stdout, None, "Auggie acts on no allow: {out:?}");
        let rewrite = answer(
            HookPoint::BeforeToolCall,
            Verdict::Allow,
            Some(json!({"command": "ls"})),
        );
        let s = specific(&reply(Agent::Auggie, "PreToolUse", &rewrite));
        assert_eq!(s.permission_decision, None);
        assert_eq!(s.updated_input, Some(json!({"command": "ls"})));
    }

    #[test]
    fn after_a_tool_a_refusal_is_a_block_in_the_specific_output() {
        let out = reply(
            Agent::Auggie,
            "PostToolUse",
            &deny(HookPoint::AfterToolCall),
        );
        assert_eq!(out.code, 0);
        let s = specific(&out);
        assert_eq!(s.decision, Some(Block::Block));
        assert_eq!(s.reason.as_deref(), Some("no"));
        assert_eq!(s.permission_decision, None);
        let text: Value = serde_json::from_str(out.stdout.as_deref().expect("json")).expect("json");
        assert!(
            text.get("decision").is_none(),
            "not Claude's top level: {text}"
        );
    }

    #[test]
    fn a_stop_refusal_is_dropped_with_its_reason() {
        let out = reply(Agent::Auggie, "Stop", &deny(HookPoint::Stop));
        assert_eq!(out.code, 0, "exit 2 would not keep Auggie going either");
        assert_eq!(out.stdout, None);
        assert!(
            out.stderr
                .iter()
                .any(|l| l.contains("Auggie cannot take a refusal at `Stop`")),
            "{out:?}"
        );
    }
}
