//! Qwen Code's reply before a tool: Claude Code's JSON
//! ([`crate::claude::reply::Output`]), of which Qwen's CLI reads only the
//! decision and its reason at `PreToolUse`.

use tackle::hook::Verdict;

use crate::Agent;
use crate::claude::reply::{PermissionDecision, Specific};
use crate::hook::answer::Answer;
use crate::hook::reply::{NativeReply, ask_reason, context_dropped, deny_reason, rewrite_dropped};

use super::Event;

/// Writes `answer` to `PreToolUse`: `permissionDecision` and its reason;
/// a rewrite or added context, which Qwen's scheduler does not apply
/// there, is reported on stderr instead.
pub(crate) fn before_tool(answer: &Answer, reply: &mut NativeReply) {
    let event = Event::PreToolUse.name();
    let (decision, reason) = match &answer.outcome.verdict {
        Verdict::Deny { .. } => (Some(PermissionDecision::Deny), deny_reason(answer)),
        // The TUI asks the user again; headless, Qwen refuses the call.
        Verdict::Ask { .. } => (Some(PermissionDecision::Ask), ask_reason(answer)),
        // Qwen's own approval has run already: `allow` skips nothing.
        Verdict::Allow => (Some(PermissionDecision::Allow), None),
        Verdict::Abstain => (None, None),
    };
    rewrite_dropped(Agent::Qwen, event, answer, reply);
    context_dropped(Agent::Qwen, event, answer, reply);
    let mut out = Specific::new(event);
    out.permission_decision = decision;
    out.permission_decision_reason = reason;
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

    #[test]
    fn a_refusal_before_a_tool_is_claude_s_deny_on_stdout() {
        let out = reply(Agent::Qwen, "PreToolUse", &deny(HookPoint::BeforeToolCall));
        assert_eq!(out.code, 0);
        let read: Output = read(&out);
        let specific = read.hook_specific_output.expect("specific");
        assert_eq!(specific.hook_event_name, "PreToolUse");
        assert_eq!(specific.permission_decision, Some(PermissionDecision::Deny));
        assert_eq!(specific.permission_decision_reason.as_deref(), Some("no"));
    }

    #[test]
    fn a_rewrite_before_a_tool_is_dropped_and_said_on_stderr() {
        let rewrite = answer(
            HookPoint::BeforeToolCall,
            Verdict::Abstain,
            Some(json!({"command": "ls"})),
        );
        let out = reply(Agent::Qwen, "PreToolUse", &rewrite);
        assert_eq!((out.code, out.stdout.as_deref()), (0, None));
        assert_eq!(
            out.stderr,
            ["tackle: Qwen Code cannot take a rewrite at `PreToolUse`; it was dropped"]
        );
        // With `allow`, the decision goes out, never the new input.
        let allow = answer(
            HookPoint::BeforeToolCall,
            Verdict::Allow,
            Some(json!({"command": "ls"})),
        );
        let out = reply(Agent::Qwen, "PreToolUse", &allow);
        let read: Output = read(&out);
        let specific = read.hook_specific_output.expect("specific");
        assert_eq!(
            specific.permission_decision,
            Some(PermissionDecision::Allow)
        );
        assert_eq!(specific.updated_input, None);
        assert!(out.stderr[0].contains("a rewrite"), "{:?}", out.stderr);
    }

    #[test]
    fn ask_is_sent_for_qwen_to_confirm() {
        let ask = answer(
            HookPoint::BeforeToolCall,
            Verdict::Ask {
                reason: Some("sure?".into()),
            },
            None,
        );
        let read: Output = read(&reply(Agent::Qwen, "PreToolUse", &ask));
        let specific = read.hook_specific_output.expect("specific");
        assert_eq!(specific.permission_decision, Some(PermissionDecision::Ask));
        assert_eq!(
            specific.permission_decision_reason.as_deref(),
            Some("sure?")
        );
    }

    #[test]
    fn a_new_tool_result_is_dropped_after_a_tool() {
        let rewrite = answer(
            HookPoint::AfterToolCall,
            Verdict::Abstain,
            Some(json!("new")),
        );
        let out = reply(Agent::Qwen, "PostToolUse", &rewrite);
        assert_eq!(out.stdout, None);
        assert!(
            out.stderr[0].contains("a rewrite at `PostToolUse`"),
            "{:?}",
            out.stderr
        );
    }
}
