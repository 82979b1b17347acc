//! goose's reply: at `PreToolUse` and `Stop`, `{"decision": "block",
//! "reason"}` refuses and `{"decision": "allow"}` allows (stdout is the
//! decision channel: nothing else may be printed there); every other
//! event reads nothing.

use serde::{Deserialize, Serialize};
use tackle::hook::Verdict;

use super::Event;
use crate::Agent;
use crate::hook::answer::Answer;
use crate::hook::reply::{NativeReply, ask_refused, deny_reason, dropped};

/// What a goose hook prints on stdout where a decision is read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Output {
    /// Allowed or refused.
    pub(crate) decision: Decision,
    /// Why it was refused.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) reason: Option<String>,
}

/// `decision`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Decision {
    Allow,
    Block,
}

/// Writes `answer` to `event` into `reply`.
pub(crate) fn encode(event: Event, answer: &Answer, reply: &mut NativeReply) {
    let agent = Agent::Goose;
    let name = event.name();
    let decides = matches!(event, Event::PreToolUse | Event::Stop);
    if answer.input().is_some() && !answer.outcome.is_denied() {
        dropped(agent, name, "a rewrite", reply);
    }
    if answer.context_text().is_some() {
        dropped(agent, name, "added context", reply);
    }
    let out = match &answer.outcome.verdict {
        Verdict::Deny { .. } => Some(Output {
            decision: Decision::Block,
            reason: deny_reason(answer),
        }),
        // goose would run the call without asking anyone.
        Verdict::Ask { .. } if event == Event::PreToolUse => Some(Output {
            decision: Decision::Block,
            reason: Some(ask_refused(
                agent,
                name,
                "goose cannot ask the user from a hook, so tackle refused the call",
                answer,
                reply,
            )),
        }),
        Verdict::Ask { .. } => {
            dropped(agent, name, "`ask`", reply);
            None
        }
        Verdict::Allow => Some(Output {
            decision: Decision::Allow,
            reason: None,
        }),
        Verdict::Abstain => None,
    };
    match out {
        Some(out) if decides => reply.print(&out),
        Some(out) if out.decision == Decision::Block => {
            dropped(agent, name, "a refusal", reply);
            reply.stderr.extend(out.reason);
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use tackle::hook::HookPoint;

    use super::*;
    use crate::hook::reply::tests::{answer, deny, read};

    #[test]
    fn a_refusal_before_a_tool_blocks_on_stdout_with_exit_zero() {
        let mut reply = NativeReply::default();
        encode(
            Event::PreToolUse,
            &deny(HookPoint::BeforeToolCall),
            &mut reply,
        );
        let out: Output = read(&reply);
        assert_eq!(out.decision, Decision::Block);
        assert_eq!(out.reason.as_deref(), Some("no"));
        assert_eq!(reply.code, 0);
    }

    #[test]
    fn an_ask_is_refused_and_a_rewrite_is_reported_dropped() {
        let mut reply = NativeReply::default();
        let ask = answer(
            HookPoint::BeforeToolCall,
            Verdict::Ask {
                reason: Some("sure?".into()),
            },
            Some(json!({"command": "ls"})),
        );
        encode(Event::PreToolUse, &ask, &mut reply);
        let out: Output = read(&reply);
        assert_eq!(out.decision, Decision::Block);
        assert!(
            out.reason
                .as_deref()
                .is_some_and(|r| r.starts_with("sure? (goose"))
        );
        assert!(
            reply.stderr.iter().any(|l| l.contains("a rewrite")),
            "{reply:?}"
        );
        assert!(
            reply.stderr.iter().any(|l| l.contains("`ask`")),
            "{reply:?}"
        );
    }

    #[test]
    fn observing_events_print_nothing_and_say_what_they_dropped() {
        let mut reply = NativeReply::default();
        encode(
            Event::UserPromptSubmit,
            &deny(HookPoint::UserPromptSubmit),
            &mut reply,
        );
        assert_eq!(reply.stdout, None, "goose reads no decision here");
        assert!(
            reply.stderr[0].contains("a refusal at `UserPromptSubmit`"),
            "{reply:?}"
        );
        assert_eq!(reply.stderr[1], "no");
        let mut reply = NativeReply::default();
        encode(
            Event::PostToolUse,
            &answer(HookPoint::AfterToolCall, Verdict::Allow, None),
            &mut reply,
        );
        assert_eq!(reply.stdout, None);
    }
}
