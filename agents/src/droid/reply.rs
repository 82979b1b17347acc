//! Factory Droid's reply before a tool: Claude Code's JSON
//! ([`crate::claude::reply::Output`]), read by Droid's own rules.

use tackle::hook::Verdict;

use crate::Agent;
use crate::claude::reply::{PermissionDecision, Specific};
use crate::hook::answer::Answer;
use crate::hook::reply::{NativeReply, ask_reason, context_dropped, deny_reason, dropped};

use super::Event;

/// Writes `answer` to `PreToolUse`. `allow` and `deny` as Claude Code's;
/// a rewrite as `updatedInput`, which Droid merges into the input with or
/// without a decision; `ask`, which Droid ignores, as a refusal (see the
/// module's docs); added context, which Droid does not add here, dropped.
pub(crate) fn before_tool(answer: &Answer, reply: &mut NativeReply) {
    let agent = Agent::Droid;
    let event = Event::PreToolUse.name();
    let (decision, reason) = match &answer.outcome.verdict {
        Verdict::Deny { .. } => (Some(PermissionDecision::Deny), deny_reason(answer)),
        Verdict::Ask { .. } => {
            dropped(agent, event, "`ask`", reply);
            let why = "Factory Droid cannot ask the user from a hook, so tackle refused the call";
            let reason = match ask_reason(answer) {
                Some(asked) => format!("{asked} ({why})"),
                None => why.to_owned(),
            };
            (Some(PermissionDecision::Deny), Some(reason))
        }
        Verdict::Allow => (Some(PermissionDecision::Allow), None),
        Verdict::Abstain => (None, None),
    };
    let refused = decision == Some(PermissionDecision::Deny);
    let input = if refused {
        None
    } else {
        answer.input().cloned()
    };
    context_dropped(agent, event, answer, reply);
    let mut out = Specific::new(event);
    out.permission_decision = decision;
    out.permission_decision_reason = reason;
    out.updated_input = input;
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
        assert_eq!(
            read.decision, None,
            "Droid reads no top-level decision here"
        );
        read.hook_specific_output.expect("specific")
    }

    #[test]
    fn a_refusal_is_a_permission_decision_never_exit_three() {
        let out = reply(Agent::Droid, "PreToolUse", &deny(HookPoint::BeforeToolCall));
        assert_eq!(out.code, 0);
        let s = specific(&out);
        assert_eq!(s.permission_decision, Some(PermissionDecision::Deny));
        assert_eq!(s.permission_decision_reason.as_deref(), Some("no"));
    }

    #[test]
    fn ask_is_refused_and_stderr_says_why() {
        let ask = answer(
            HookPoint::BeforeToolCall,
            Verdict::Ask {
                reason: Some("push to main?".into()),
            },
            Some(json!({"command": "git push"})),
        );
        let out = reply(Agent::Droid, "PreToolUse", &ask);
        let s = specific(&out);
        assert_eq!(s.permission_decision, Some(PermissionDecision::Deny));
        assert!(
            s.permission_decision_reason
                .as_deref()
                .is_some_and(|r| r.starts_with("push to main? (Factory Droid cannot ask")),
            "{s:?}"
        );
        assert_eq!(s.updated_input, None, "a refused call is not rewritten");
        assert_eq!(
            out.stderr,
            ["tackle: Factory Droid cannot take `ask` at `PreToolUse`; it was dropped"]
        );
    }

    #[test]
    fn a_rewrite_goes_out_with_or_without_a_decision() {
        let rewrite = answer(
            HookPoint::BeforeToolCall,
            Verdict::Abstain,
            Some(json!({"command": "ls"})),
        );
        let s = specific(&reply(Agent::Droid, "PreToolUse", &rewrite));
        assert_eq!(s.permission_decision, None);
        assert_eq!(s.updated_input, Some(json!({"command": "ls"})));
        let allow = answer(
            HookPoint::BeforeToolCall,
            Verdict::Allow,
            Some(json!({"command": "ls"})),
        );
        let s = specific(&reply(Agent::Droid, "PreToolUse", &allow));
        assert_eq!(s.permission_decision, Some(PermissionDecision::Allow));
        assert_eq!(s.updated_input, Some(json!({"command": "ls"})));
    }
}
