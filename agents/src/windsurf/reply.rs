//! Windsurf's reply: exit code 2 at a pre-hook refuses, the reason on
//! stderr; nothing else is read.

use super::Event;
use crate::Agent;
use crate::hook::answer::Answer;
use crate::hook::reply::{NativeReply, context_dropped, refuse_by_exit, rewrite_dropped};

/// Writes `answer` to `event` into `reply`.
pub(crate) fn encode(event: Event, answer: &Answer, reply: &mut NativeReply) {
    let agent = Agent::Windsurf;
    let name = event.name();
    rewrite_dropped(agent, name, answer, reply);
    context_dropped(agent, name, answer, reply);
    // Cascade would run the call unasked.
    let gate = (event == Event::PreTool)
        .then_some("Windsurf cannot ask the user from a hook, so tackle refused the call");
    let blocks = matches!(event, Event::PreTool | Event::PreUserPrompt);
    refuse_by_exit(agent, name, gate, blocks, answer, reply);
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use tackle::hook::{HookPoint, Verdict};

    use super::*;
    use crate::hook::reply::tests::{answer, deny};

    #[test]
    fn a_refusal_before_a_tool_or_a_prompt_is_exit_two() {
        for (event, point) in [
            (Event::PreTool, HookPoint::BeforeToolCall),
            (Event::PreUserPrompt, HookPoint::UserPromptSubmit),
        ] {
            let mut reply = NativeReply::default();
            encode(event, &deny(point), &mut reply);
            assert_eq!((reply.code, reply.stderr[0].as_str()), (2, "no"), "{event}");
            assert_eq!(reply.stdout, None);
        }
    }

    #[test]
    fn a_rewrite_and_a_late_refusal_are_reported_dropped() {
        let mut reply = NativeReply::default();
        encode(
            Event::PreTool,
            &answer(
                HookPoint::BeforeToolCall,
                Verdict::Allow,
                Some(json!({"command": "ls"})),
            ),
            &mut reply,
        );
        assert_eq!(reply.code, 0);
        assert!(reply.stderr[0].contains("a rewrite"), "{reply:?}");
        let mut reply = NativeReply::default();
        encode(Event::PostTool, &deny(HookPoint::AfterToolCall), &mut reply);
        assert_eq!(reply.code, 0);
        assert!(reply.stderr[0].contains("a refusal"), "{reply:?}");
    }
}
