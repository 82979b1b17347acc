//! Crush's reply before a tool: Claude Code's `hookSpecificOutput`
//! ([`crate::claude::reply::Specific`]), which Crush reads beside its own
//! envelope.

use tackle::hook::Verdict;

use crate::Agent;
use crate::claude::reply::{PermissionDecision, Specific};
use crate::hook::answer::Answer;
use crate::hook::reply::{NativeReply, refusal};

use super::Event;

/// Why an `ask` is refused: Crush reads none.
const CANNOT_ASK: &str = "Crush reads no `ask` from a hook";

/// Writes `answer` to `PreToolUse`: a refusal (an `ask` too) as `deny`
/// with its reason; otherwise `allow` (which skips Crush's prompt) or no
/// decision, and the rewrite as `updatedInput`; the context as
/// `additionalContext`.
pub(crate) fn before_tool(answer: &Answer, reply: &mut NativeReply) {
    let event = Event::PreToolUse.name();
    let mut out = Specific::new(event);
    match refusal(Agent::Crush, event, Some(CANNOT_ASK), answer, reply) {
        Some(reason) => {
            out.permission_decision = Some(PermissionDecision::Deny);
            out.permission_decision_reason = Some(reason);
        }
        None => {
            out.permission_decision = matches!(answer.outcome.verdict, Verdict::Allow)
                .then_some(PermissionDecision::Allow);
            out.updated_input = answer.input().cloned();
        }
    }
    out.additional_context = answer.context_text();
    if let Some(out) = out.output() {
        reply.print(&out);
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use tackle::hook::{HookPoint, Verdict};

    use super::*;
    use crate::claude::reply::Output;
    use crate::hook::reply::encode as reply;
    use crate::hook::reply::tests::{answer, deny, read};

    fn specific(out: &NativeReply) -> Specific {
        let read: Output = read(out);
        read.hook_specific_output.expect("specific")
    }

    #[test]
    fn a_refusal_is_a_deny_with_its_reason() {
        let out = reply(Agent::Crush, "PreToolUse", &deny(HookPoint::BeforeToolCall));
        assert_eq!(out.code, 0);
        let s = specific(&out);
        assert_eq!(s.permission_decision, Some(PermissionDecision::Deny));
        assert_eq!(s.permission_decision_reason.as_deref(), Some("no"));
    }

    #[test]
    fn ask_is_refused_with_the_question_and_never_rewritten() {
        let ask = answer(
            HookPoint::BeforeToolCall,
            Verdict::Ask {
                reason: Some("push to main?".into()),
            },
            Some(json!({"command": "git push"})),
        );
        let out = reply(Agent::Crush, "PreToolUse", &ask);
        let s = specific(&out);
        assert_eq!(s.permission_decision, Some(PermissionDecision::Deny));
        assert!(
            s.permission_decision_reason
                .as_deref()
                .is_some_and(|r| r.contains("push to main?")),
            "{s:?}"
        );
        assert_eq!(s.updated_input, None, "a refused call is not rewritten");
    }

    #[test]
    fn a_rewrite_goes_out_with_or_without_allow() {
        let rewrite = answer(
            HookPoint::BeforeToolCall,
            Verdict::Abstain,
            Some(json!({"command": "ls"})),
        );
        let s = specific(&reply(Agent::Crush, "PreToolUse", &rewrite));
        assert_eq!(
            s.permission_decision, None,
            "no opinion: Crush's prompt runs"
        );
        assert_eq!(s.updated_input, Some(json!({"command": "ls"})));
        let allow = answer(HookPoint::BeforeToolCall, Verdict::Allow, None);
        let s = specific(&reply(Agent::Crush, "PreToolUse", &allow));
        assert_eq!(s.permission_decision, Some(PermissionDecision::Allow));
    }
}
