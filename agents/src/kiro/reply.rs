//! Kiro CLI's reply: exit code 2 at `preToolUse` blocks (stderr to the
//! model); stdout of `agentSpawn` and `userPromptSubmit`, as plain text,
//! is added to the context; nothing else is read.

use super::Event;
use crate::Agent;
use crate::hook::answer::Answer;
use crate::hook::reply::{NativeReply, refuse_by_exit, rewrite_dropped, taken_context};

/// Writes `answer` to `event` into `reply`.
pub(crate) fn encode(event: Event, answer: &Answer, reply: &mut NativeReply) {
    let agent = Agent::Kiro;
    let name = event.name();
    rewrite_dropped(agent, name, answer, reply);
    let takes_context = matches!(event, Event::AgentSpawn | Event::UserPromptSubmit);
    if let Some(context) = taken_context(agent, name, takes_context, answer, reply) {
        reply.stdout = Some(context);
    }
    // Kiro would run the call without asking anyone.
    let gate = (event == Event::PreToolUse)
        .then_some("Kiro CLI cannot ask the user from a hook, so tackle refused the call");
    refuse_by_exit(agent, name, gate, event == Event::PreToolUse, answer, reply);
}

#[cfg(test)]
mod tests {
    use tackle::hook::{HookPoint, Verdict};

    use super::*;
    use crate::hook::reply::tests::{answer, deny};

    #[test]
    fn a_refusal_before_a_tool_is_exit_two_with_the_reason_first() {
        let mut reply = NativeReply::default();
        encode(
            Event::PreToolUse,
            &deny(HookPoint::BeforeToolCall),
            &mut reply,
        );
        assert_eq!((reply.code, reply.stderr[0].as_str()), (2, "no"));
        assert_eq!(reply.stdout, None);
    }

    #[test]
    fn context_is_plain_stdout_where_kiro_reads_it_and_dropped_elsewhere() {
        let mut spawn = answer(HookPoint::SessionStart, Verdict::Abstain, None);
        spawn.context.push("be brief".into());
        let mut reply = NativeReply::default();
        encode(Event::AgentSpawn, &spawn, &mut reply);
        assert_eq!(reply.stdout.as_deref(), Some("be brief"));
        let mut reply = NativeReply::default();
        encode(Event::PostToolUse, &spawn, &mut reply);
        assert_eq!(reply.stdout, None);
        assert!(reply.stderr[0].contains("added context"), "{reply:?}");
    }

    #[test]
    fn a_refused_prompt_is_reported_not_blocked() {
        let mut reply = NativeReply::default();
        encode(
            Event::UserPromptSubmit,
            &deny(HookPoint::UserPromptSubmit),
            &mut reply,
        );
        assert_eq!(reply.code, 0, "Kiro blocks only before a tool");
        assert!(reply.stderr[0].contains("a refusal"), "{reply:?}");
    }
}
