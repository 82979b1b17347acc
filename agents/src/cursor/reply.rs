//! Cursor's reply: one JSON object on stdout, always, its keys by event,
//! and exit code 2 for a refusal where the event can refuse.
//!
//! Cursor refuses a tool call whose `preToolUse` reply has no
//! `permission`, empty stdout included ("Hook returned invalid JSON", read
//! with Cursor's CLI in aovestdipaperino/tokensave#187): a reply that lets
//! the call through says `"permission": "allow"`, which is the hook not
//! objecting, and a rewrite rides on it as `updated_input`.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::Event;
use crate::Agent;
use crate::hook::answer::Answer;
use crate::hook::reply::{
    NativeReply, block_by_exit, refusal, refusal_dropped, taken_context, taken_rewrite,
};

/// What a Cursor hook prints on stdout.
#[serde_with::skip_serializing_none]
#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Output {
    /// Before a tool or a subagent: allowed or refused.
    pub(crate) permission: Option<Permission>,
    /// Shown to the user.
    pub(crate) user_message: Option<String>,
    /// Given to the agent.
    pub(crate) agent_message: Option<String>,
    /// Before a tool: its new input.
    pub(crate) updated_input: Option<Value>,
    /// At `sessionStart` and `postToolUse`: text for the agent.
    pub(crate) additional_context: Option<String>,
    /// At `beforeSubmitPrompt`: `false` refuses the prompt.
    #[serde(rename = "continue")]
    pub(crate) keep_going: Option<bool>,
    /// At `stop` and `subagentStop`: a message that keeps the agent going.
    pub(crate) followup_message: Option<String>,
}

/// `permission`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Permission {
    Allow,
    Deny,
}

/// Writes `answer` to `event` into `reply`.
pub(crate) fn encode(event: Event, answer: &Answer, reply: &mut NativeReply) {
    let agent = Agent::Cursor;
    let name = event.name();
    let mut out = Output::default();
    // No `ask` before a tool: Cursor would run the call unasked.
    let gate = (event == Event::PreToolUse)
        .then_some("Cursor cannot ask the user from this hook, so tackle refused the call");
    let refusal = refusal(agent, name, gate, answer, reply);
    if let Some(reason) = refusal {
        match event {
            Event::PreToolUse | Event::SubagentStart => {
                reply.print(&Output {
                    permission: Some(Permission::Deny),
                    user_message: Some(reason.clone()),
                    agent_message: Some(reason.clone()),
                    ..Output::default()
                });
                block_by_exit(reason, reply);
            }
            Event::BeforeSubmitPrompt => {
                reply.print(&Output {
                    keep_going: Some(false),
                    user_message: Some(reason.clone()),
                    ..Output::default()
                });
                block_by_exit(reason, reply);
            }
            Event::Stop | Event::SubagentStop => reply.print(&Output {
                followup_message: Some(reason),
                ..Output::default()
            }),
            _ => refusal_dropped(agent, name, reason, reply),
        }
        return;
    }
    // A gate's reply must say `permission` (or `continue`): Cursor refuses
    // the call when it is missing, empty stdout included.
    match event {
        Event::PreToolUse | Event::SubagentStart => out.permission = Some(Permission::Allow),
        Event::BeforeSubmitPrompt => out.keep_going = Some(true),
        _ => {}
    }
    out.updated_input = taken_rewrite(agent, name, event == Event::PreToolUse, answer, reply);
    let takes_context = matches!(event, Event::SessionStart | Event::PostToolUse);
    out.additional_context = taken_context(agent, name, takes_context, answer, reply);
    // Always a JSON object: Cursor takes a reply that is not one as a
    // failed hook.
    reply.print(&out);
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use tackle::hook::{HookPoint, Verdict};

    use super::*;
    use crate::hook::reply::tests::{answer, deny, read};

    #[test]
    fn a_refusal_before_a_tool_is_deny_on_stdout_and_exit_two() {
        let mut reply = NativeReply::default();
        encode(
            Event::PreToolUse,
            &deny(HookPoint::BeforeToolCall),
            &mut reply,
        );
        let out: Output = read(&reply);
        assert_eq!(out.permission, Some(Permission::Deny));
        assert_eq!(out.agent_message.as_deref(), Some("no"));
        assert_eq!((reply.code, reply.stderr[0].as_str()), (2, "no"));
    }

    #[test]
    fn a_rewrite_is_updated_input_and_context_goes_where_cursor_reads_it() {
        let mut rewrite = answer(
            HookPoint::BeforeToolCall,
            Verdict::Allow,
            Some(json!({"command": "ls"})),
        );
        let mut reply = NativeReply::default();
        encode(Event::PreToolUse, &rewrite, &mut reply);
        let out: Output = read(&reply);
        assert_eq!(out.permission, Some(Permission::Allow));
        assert_eq!(out.updated_input, Some(json!({"command": "ls"})));
        rewrite.context.push("ctx".into());
        let mut reply = NativeReply::default();
        encode(Event::PreToolUse, &rewrite, &mut reply);
        assert!(reply.stderr[0].contains("added context"), "{reply:?}");
        let mut start = answer(HookPoint::SessionStart, Verdict::Abstain, None);
        start.context.push("ctx".into());
        let mut reply = NativeReply::default();
        encode(Event::SessionStart, &start, &mut reply);
        let out: Output = read(&reply);
        assert_eq!(out.additional_context.as_deref(), Some("ctx"));
    }

    #[test]
    fn a_gate_always_answers_with_a_permission_and_other_events_with_an_object() {
        let mut reply = NativeReply::default();
        encode(
            Event::PreToolUse,
            &answer(HookPoint::BeforeToolCall, Verdict::Abstain, None),
            &mut reply,
        );
        let out: Output = read(&reply);
        assert_eq!(out.permission, Some(Permission::Allow));
        let mut reply = NativeReply::default();
        encode(
            Event::BeforeSubmitPrompt,
            &answer(HookPoint::UserPromptSubmit, Verdict::Abstain, None),
            &mut reply,
        );
        let out: Output = read(&reply);
        assert_eq!(out.keep_going, Some(true));
        let mut reply = NativeReply::default();
        encode(
            Event::SessionEnd,
            &answer(HookPoint::SessionEnd, Verdict::Abstain, None),
            &mut reply,
        );
        assert_eq!(reply.stdout.as_deref(), Some("{}"));
    }

    #[test]
    fn a_refused_stop_is_a_follow_up_and_a_refused_prompt_does_not_continue() {
        let mut reply = NativeReply::default();
        encode(Event::Stop, &deny(HookPoint::Stop), &mut reply);
        let out: Output = read(&reply);
        assert_eq!(out.followup_message.as_deref(), Some("no"));
        assert_eq!(reply.code, 0);
        let mut reply = NativeReply::default();
        encode(
            Event::BeforeSubmitPrompt,
            &deny(HookPoint::UserPromptSubmit),
            &mut reply,
        );
        let out: Output = read(&reply);
        assert_eq!(out.keep_going, Some(false));
    }
}
