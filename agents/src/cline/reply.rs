//! Cline's reply: one JSON object on stdout (`HookOutputSchema` of
//! `@cline/core` 0.0.86), read only at `PreToolUse` and `PostToolUse`;
//! the exit code and stderr are ignored.
//!
//! * `cancel: true` ends the whole task (its reason `errorMessage`): file
//!   hooks cannot skip one tool call. A refusal is sent so, and tackle
//!   says on stderr that it stops the task.
//! * `context` is added for the model (at both events).
//! * `overrideInput` replaces the tool's input, at `PreToolUse` only
//!   (`PostToolUse` reads `cancel` and `context`): a rewritten `command`
//!   of `run_commands` goes back as its one-item `commands` list.
//! * There is no `ask`: Cline's own approval comes after the hooks.
//!
//! Why no refusal of one call, read from the Bun binary of `cline@3.0.65`:
//! the agent loop can skip one call and give the model a reason (a
//! `beforeTool` result's `skip` and `reason`, which Cline's own plan-mode
//! guard returns), but `createHookConfigFileHooks` hands on only three
//! things from a hook file: `cancel: true` as `stop` (the run ends
//! `aborted`, and the reason reaches neither the model nor the CLI, which
//! prints "aborted by another client"), `context`,
//! `contextModification` or `errorMessage` without it as added context
//! (the tool still runs), and `overrideInput`. `review` is read and
//! dropped; any other key is ignored.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::{Event, SHELL};
use crate::Agent;
use crate::hook::answer::Answer;
use crate::hook::reply::{
    NativeReply, context_dropped, deny_reason, dropped, refusal_dropped, rewrite_dropped,
    taken_rewrite,
};

/// What a refusal does in Cline, for the coverage table's note.
pub(crate) const REFUSAL_ENDS_THE_TASK: &str = "a refusal ends the whole task, and neither the model nor Cline's output gets the reason: its hook files have no refusal of one call (3.0.65)";

/// What a Cline hook prints on stdout.
#[serde_with::skip_serializing_none]
#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Output {
    /// Ends the task.
    pub(crate) cancel: Option<bool>,
    /// Text for the model.
    pub(crate) context: Option<String>,
    /// Why the task was ended.
    pub(crate) error_message: Option<String>,
    /// The tool's new input.
    pub(crate) override_input: Option<Value>,
}

/// Writes `answer` to `event` into `reply`.
pub(crate) fn encode(event: Event, answer: &Answer, reply: &mut NativeReply) {
    let agent = Agent::Cline;
    let name = event.name();
    if event.is_fire_and_forget() {
        // Started detached: nothing the hook says is read.
        if let Some(reason) = deny_reason(answer) {
            refusal_dropped(agent, name, reason, reply);
        }
        if answer.outcome.is_ask() {
            dropped(agent, name, "`ask`", reply);
        }
        rewrite_dropped(agent, name, answer, reply);
        context_dropped(agent, name, answer, reply);
        return;
    }
    let mut out = Output::default();
    if let Some(reason) = deny_reason(answer) {
        reply.stderr.push(format!(
            "tackle: Cline cannot refuse one tool call: the refusal at `{name}` ends the task"
        ));
        out.cancel = Some(true);
        out.error_message = Some(reason);
        reply.print(&out);
        return;
    }
    if answer.outcome.is_ask() {
        dropped(agent, name, "`ask`", reply);
    }
    out.override_input = taken_rewrite(agent, name, event == Event::PreToolUse, answer, reply)
        .map(|input| native_input(&input, answer.native_tool.as_deref()));
    out.context = answer.context_text();
    if out != Output::default() {
        reply.print(&out);
    }
}

/// A rewritten input in the tool's own shape: `run_commands` takes a
/// list of commands, where hooks saw one `command`.
fn native_input(input: &Value, tool: Option<&str>) -> Value {
    match input {
        Value::Object(fields) if tool == Some(SHELL) && !fields.contains_key("commands") => {
            let mut native = Map::new();
            for (key, value) in fields {
                if key == "command" {
                    native.insert("commands".into(), Value::Array(vec![value.clone()]));
                } else {
                    native.insert(key.clone(), value.clone());
                }
            }
            Value::Object(native)
        }
        _ => input.clone(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use tackle::hook::{HookPoint, Verdict};

    use super::*;
    use crate::hook::reply::tests::{answer, deny, read};

    #[test]
    fn a_refusal_cancels_the_task_with_its_reason_and_says_so() {
        let mut reply = NativeReply::default();
        encode(
            Event::PreToolUse,
            &deny(HookPoint::BeforeToolCall),
            &mut reply,
        );
        let out: Output = read(&reply);
        assert_eq!(
            (out.cancel, out.error_message.as_deref()),
            (Some(true), Some("no"))
        );
        assert_eq!(reply.code, 0, "Cline ignores the exit code");
        assert!(reply.stderr[0].contains("ends the task"), "{reply:?}");
    }

    #[test]
    fn a_shell_rewrite_goes_back_as_a_command_list() {
        let mut rewrite = answer(
            HookPoint::BeforeToolCall,
            Verdict::Abstain,
            Some(json!({"command": "echo rewritten", "timeout": 5})),
        );
        rewrite.native_tool = Some(SHELL.to_owned());
        let mut reply = NativeReply::default();
        encode(Event::PreToolUse, &rewrite, &mut reply);
        let out: Output = read(&reply);
        assert_eq!(
            out.override_input,
            Some(json!({"commands": ["echo rewritten"], "timeout": 5}))
        );
        // Another tool's `command` is its own.
        rewrite.native_tool = Some("mcp_tool".to_owned());
        let mut reply = NativeReply::default();
        encode(Event::PreToolUse, &rewrite, &mut reply);
        let out: Output = read(&reply);
        assert_eq!(
            out.override_input,
            Some(json!({"command": "echo rewritten", "timeout": 5}))
        );
    }

    #[test]
    fn fire_and_forget_events_print_nothing_and_say_what_was_dropped() {
        let mut reply = NativeReply::default();
        encode(
            Event::UserPromptSubmit,
            &deny(HookPoint::UserPromptSubmit),
            &mut reply,
        );
        assert_eq!(reply.stdout, None);
        assert!(
            reply.stderr[0].contains("cannot take a refusal at `UserPromptSubmit`"),
            "{reply:?}"
        );
        assert_eq!(reply.code, 0);
    }

    #[test]
    fn after_a_tool_a_rewrite_is_dropped_and_an_ask_is_reported() {
        let mut reply = NativeReply::default();
        encode(
            Event::PostToolUse,
            &answer(HookPoint::AfterToolCall, Verdict::Abstain, Some(json!("x"))),
            &mut reply,
        );
        assert_eq!(reply.stdout, None);
        assert!(reply.stderr[0].contains("a rewrite"), "{reply:?}");
        let mut reply = NativeReply::default();
        encode(
            Event::PreToolUse,
            &answer(
                HookPoint::BeforeToolCall,
                Verdict::Ask { reason: None },
                None,
            ),
            &mut reply,
        );
        assert_eq!(reply.stdout, None);
        assert!(reply.stderr[0].contains("`ask`"), "{reply:?}");
    }
}
