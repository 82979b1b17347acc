//! goose's reply: at `PreToolUse` and `Stop`, `{"decision": "block",
//! "reason"}` refuses and `{"decision": "allow"}` allows (stdout is the
//! decision channel: nothing else may be printed there); every other
//! event reads nothing.

use serde::{Deserialize, Serialize};
use tackle::hook::Verdict;

use super::Event;
use crate::Agent;
use crate::hook::answer::Answer;
use crate::hook::reply::{NativeReply, context_dropped, refusal, refusal_dropped, rewrite_dropped};

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
    rewrite_dropped(agent, name, answer, reply);
    context_dropped(agent, name, answer, reply);
    // goose would run the call without asking anyone.
    let gate = (event == Event::PreToolUse)
        .then_some("goose cannot ask the user from a hook, so tackle refused the call");
    let out = match refusal(agent, name, gate, answer, reply) {
        Some(reason) => Some(Output {
            decision: Decision::Block,
            reason: Some(reason),
        }),
        None if answer.outcome.verdict == Verdict::Allow => Some(Output {
            decision: Decision::Allow,
            reason: None,
        }),
        None => None,
    };
    match out {
        Some(out) if decides => reply.print(&out),
        Some(Output {
            decision: Decision::Block,
            reason: Some(reason),
        }) => refusal_dropped(agent, name, reason, reply),
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
