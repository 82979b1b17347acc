//! Cline CLI (the SDK-based `cline` 3.x on npm): one hook file per event,
//! found in `<workspace>/.clinerules/hooks`, `<workspace>/.cline/hooks`,
//! `~/.cline/hooks` and `~/Documents/Cline/Hooks`; the payload nests the
//! tool call (`tool_call: {id, name, input}`) and names nothing as Claude
//! Code does; the reply is JSON on stdout only (`cancel`, `context`,
//! `errorMessage`, `overrideInput`), the exit code ignored.
//!
//! Read from the shipped code of `cline@3.0.65` (its Bun binary in
//! `@cline/cli-linux-x64`, with `@cline/core` 0.0.86):
//!
//! * There is no matcher: every `PreToolUse` file sees every tool, so
//!   the binary filters (the export writes one file per event).
//! * `cancel: true` ends the whole run, not one tool call: a file hook
//!   cannot skip a single call. A refusal therefore stops the task, with
//!   the reason as its `errorMessage` (see [`reply`]).
//! * `PreToolUse` and `PostToolUse` are awaited (120 s, not
//!   configurable); `TaskStart`, `TaskComplete`, `TaskCancel`,
//!   `TaskError`, `UserPromptSubmit` and `SessionShutdown` are started
//!   detached, their output never read. `PreCompact` is never fired by
//!   file hooks, and `TaskResume` only with `CLINE_HOOK_AGENT_RESUME=1`:
//!   tackle registers neither.
//! * The shell tool `run_commands` takes a list, `{commands: [string |
//!   {command, args}]}`: hooks see it as Claude Code's `Bash` with one
//!   `command`, the list's commands one per line, so that a permission
//!   rule or a guard judges each of them.

pub(crate) mod export;
pub(crate) mod install;
pub(crate) mod reply;

use serde_json::{Map, Value};
use tackle::hook::{HookPoint, SessionInfo};

use super::coverage::{PERMISSION_AT_TOOL, TURN_END, TURN_START};
use super::export::quote;
use super::hook::answer::Answer;
use super::hook::reply::NativeReply;
use super::native_event::{NativeEvent, native_events};
use super::protocol::{Card, Protocol};
use super::tools::Tool;

native_events! {
    /// Cline's hook files that tackle answers (its `PreCompact` never
    /// fires, and `TaskResume` only when an environment variable asks).
    pub(crate) enum Event {
        TaskStart = "TaskStart" => [SessionStart],
        TaskComplete = "TaskComplete" => [TurnEnd ~ TURN_END, Stop],
        TaskCancel = "TaskCancel" => [Interrupt],
        TaskError = "TaskError" => [StopFailure],
        UserPromptSubmit = "UserPromptSubmit" => [TurnStart ~ TURN_START, UserPromptSubmit],
        PreToolUse = "PreToolUse" => [BeforeToolCall, PermissionRequest ~ PERMISSION_AT_TOOL],
        PostToolUse = "PostToolUse" => [AfterToolCall],
        SessionShutdown = "SessionShutdown" => [SessionEnd],
    }
}

impl Event {
    /// Events Cline starts detached: it never reads their output.
    pub(crate) fn is_fire_and_forget(self) -> bool {
        !matches!(self, Event::PreToolUse | Event::PostToolUse)
    }
}

/// Cline's shell tool.
pub(crate) const SHELL: &str = "run_commands";

/// Cline's built-in tools (`editor` also creates a file, as `Write`
/// would; there is no separate glob tool).
const TOOLS: &[(Tool, &str)] = &[
    (Tool::Bash, SHELL),
    (Tool::Read, "read_files"),
    (Tool::Edit, "editor"),
    (Tool::Grep, "search_codebase"),
    (Tool::WebFetch, "fetch_web_content"),
];

/// `apply_patch` edits files too.
const ALIASES: &[(&str, Tool)] = &[("apply_patch", Tool::Edit)];

/// Who Cline is.
const CARD: Card = Card {
    name: "cline",
    title: "Cline",
    events: Event::EVENTS,
    tools: TOOLS,
    aliases: ALIASES,
    renames: &[("taskId", "session_id")],
    export: export::write,
    install: Ok(install::INSTALL),
    managed: Err(
        "it reads no managed file: its organisation policy comes from Cline's account service (3.0.65)",
    ),
};

/// Cline CLI's protocol.
pub(crate) struct Cline;

impl Protocol for Cline {
    fn card(&self) -> &'static Card {
        &CARD
    }

    /// The task's id as the session, its first workspace root as `cwd`,
    /// the nested tool call, result, prompt, error and turn at the top
    /// level, and `run_commands`' list as one `command`.
    fn read(&self, fields: &mut Map<String, Value>) -> Result<(), String> {
        if !fields.contains_key("cwd")
            && let Some(Value::String(root)) = fields
                .get("workspaceRoots")
                .and_then(|r| r.as_array()?.first())
        {
            fields.insert("cwd".into(), Value::String(root.clone()));
        }
        read_tool(fields)?;
        let nested = |fields: &Map<String, Value>, outer: &str, inner: &str| {
            fields.get(outer).and_then(|o| o.get(inner)).cloned()
        };
        for (outer, inner, to) in [
            ("userPromptSubmit", "prompt", "prompt"),
            ("turn", "outputText", "last_assistant_message"),
        ] {
            if !fields.contains_key(to)
                && let Some(value) = nested(fields, outer, inner)
            {
                fields.insert(to.into(), value);
            }
        }
        crate::hook::rename::error_as_text(fields);
        Ok(())
    }

    fn read_session(&self, fields: &Map<String, Value>, session: &mut SessionInfo) {
        if let Some(n) = fields.get("iteration").and_then(Value::as_u64) {
            session.iteration = n;
        }
        if let Some(Value::String(version)) = fields.get("clineVersion")
            && !version.is_empty()
        {
            session
                .metadata
                .insert("cline_version".into(), Value::String(version.clone()));
        }
    }

    fn reply(&self, event: NativeEvent, answer: &Answer, reply: &mut NativeReply) {
        reply::encode(event.of(), answer, reply);
    }

    fn limits(&self) -> &'static [(HookPoint, &'static str)] {
        &[
            (HookPoint::PermissionRequest, reply::REFUSAL_ENDS_THE_TASK),
            (HookPoint::BeforeToolCall, reply::REFUSAL_ENDS_THE_TASK),
            (HookPoint::AfterToolCall, reply::REFUSAL_ENDS_THE_TASK),
        ]
    }

    // No matcher: every file sees every tool, and the binary filters.
    fn how_to_load(&self, dir: &str, _name: &str) -> String {
        format!(
            "Cline runs every file in <project>/.clinerules/hooks (or ~/.cline/hooks): copy or link {dir}/{}/* there",
            export::HOOKS_DIR
        )
    }
}

/// The tool call of `PreToolUse` (`tool_call`, else `preToolUse`, whose
/// values are strings) or `PostToolUse` (`tool_result`, else
/// `postToolUse`; the flat copy is read too when the raw one has no
/// name) as `tool_name`, `tool_input`, `tool_use_id` and
/// `tool_response`; a payload with neither keeps none of them, and is
/// then no tool call (the event cannot be read).
fn read_tool(fields: &mut Map<String, Value>) -> Result<(), String> {
    let call = ["tool_call", "tool_result"].into_iter().find_map(|key| {
        fields
            .get(key)
            .and_then(Value::as_object)
            .filter(|call| call.contains_key("name"))
            .cloned()
    });
    if let Some(call) = call {
        for (from, to) in [
            ("name", "tool_name"),
            ("input", "tool_input"),
            ("id", "tool_use_id"),
        ] {
            if let Some(value) = call.get(from) {
                fields.entry(to).or_insert_with(|| value.clone());
            }
        }
        // A failed call's `error` is its result.
        if let Some(value) = call
            .get("output")
            .filter(|v| !v.is_null())
            .or_else(|| call.get("error").filter(|v| !v.is_null()))
        {
            fields
                .entry("tool_response")
                .or_insert_with(|| value.clone());
        }
    } else if let Some(Value::Object(flat)) = fields
        .get("preToolUse")
        .or_else(|| fields.get("postToolUse"))
        .cloned()
    {
        if let Some(name) = flat.get("toolName") {
            fields.entry("tool_name").or_insert_with(|| name.clone());
        }
        if let Some(Value::Object(parameters)) = flat.get("parameters") {
            // Cline sends each value as a string, JSON-encoded when it is
            // not one: decode those back.
            let decoded = parameters
                .iter()
                .map(|(k, v)| (k.clone(), decode(v)))
                .collect();
            fields.entry("tool_input").or_insert(Value::Object(decoded));
        }
        if let Some(result) = flat.get("result") {
            fields
                .entry("tool_response")
                .or_insert_with(|| result.clone());
        }
    }
    if fields.get("tool_name").and_then(Value::as_str) == Some(SHELL)
        && let Some(Value::Object(input)) = fields.get_mut("tool_input")
        && let Some(commands) = input.get("commands")
    {
        let line = command_line(commands)?;
        input.remove("commands");
        input.insert("command".into(), Value::String(line));
    }
    Ok(())
}

/// A parameter Cline stringified: an array or object, decoded; any other
/// value as sent.
fn decode(value: &Value) -> Value {
    match value {
        Value::String(text) if text.starts_with(['[', '{']) => {
            serde_json::from_str(text).unwrap_or_else(|_| value.clone())
        }
        _ => value.clone(),
    }
}

/// `run_commands`' list as one command line: each command on a line of
/// its own (a `{command, args}` item as the command and its arguments,
/// each quoted), so that every one of them is judged.
fn command_line(commands: &Value) -> Result<String, String> {
    let bad = || {
        format!(
            "`run_commands`' `commands` must be a list of commands (strings or {{command, args}}), found {}",
            tackle::Problem::show_value(commands)
        )
    };
    let Value::Array(items) = commands else {
        return Err(bad());
    };
    let mut lines = Vec::with_capacity(items.len());
    for item in items {
        match item {
            Value::String(command) => lines.push(command.clone()),
            Value::Object(call) => {
                let Some(Value::String(command)) = call.get("command") else {
                    return Err(bad());
                };
                let mut line = command.clone();
                for arg in call
                    .get("args")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    let Value::String(arg) = arg else {
                        return Err(bad());
                    };
                    line.push(' ');
                    line.push_str(&quote::shell(arg));
                }
                lines.push(line);
            }
            _ => return Err(bad()),
        }
    }
    Ok(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::hook::rename::rename;

    fn read(payload: Value) -> Result<Map<String, Value>, String> {
        let Value::Object(mut fields) = payload else {
            unreachable!()
        };
        rename(&mut fields, CARD.renames);
        Cline.read(&mut fields).map(|()| fields)
    }

    #[test]
    fn the_raw_tool_call_is_read_and_the_command_list_is_one_line() {
        let fields = read(json!({
            "taskId": "t1", "workspaceRoots": ["/p"], "hookName": "tool_call",
            "tool_call": {"id": "c1", "name": "run_commands",
                "input": {"commands": ["echo hi", {"command": "ls", "args": ["a b", "it's"]}]}},
            "preToolUse": {"toolName": "run_commands", "parameters": {"commands": "[\"ignored\"]"}},
        }))
        .expect("reads");
        assert_eq!(fields["session_id"], "t1");
        assert_eq!(fields["cwd"], "/p");
        assert_eq!(fields["tool_name"], "run_commands");
        assert_eq!(fields["tool_use_id"], "c1");
        assert_eq!(
            fields["tool_input"],
            json!({"command": "echo hi\nls 'a b' 'it'\\''s'"})
        );
    }

    #[test]
    fn the_stringified_parameters_are_decoded_when_there_is_no_raw_call() {
        let fields = read(json!({
            "preToolUse": {"toolName": "read_files",
                "parameters": {"files": "[{\"path\":\"a\"}]", "note": "[not json"}},
        }))
        .expect("reads");
        assert_eq!(fields["tool_name"], "read_files");
        assert_eq!(
            fields["tool_input"],
            json!({"files": [{"path": "a"}], "note": "[not json"})
        );
    }

    #[test]
    fn a_result_a_prompt_an_error_and_a_turn_come_up_to_the_top() {
        let fields = read(json!({
            "tool_result": {"id": "c1", "name": "editor", "input": {"path": "a"},
                "output": null, "error": "no such file"},
        }))
        .expect("reads");
        assert_eq!(fields["tool_response"], "no such file");
        let fields =
            read(json!({"userPromptSubmit": {"prompt": "hi", "attachments": []}})).expect("reads");
        assert_eq!(fields["prompt"], "hi");
        let fields = read(json!({"error": {"name": "APIError", "message": "down"},
            "turn": {"outputText": "done"}}))
        .expect("reads");
        assert_eq!(fields["error"], "APIError: down");
        assert_eq!(fields["last_assistant_message"], "done");
    }

    #[test]
    fn a_command_list_of_another_shape_is_unreadable() {
        for commands in [json!("ls"), json!([1]), json!([{"args": []}])] {
            let err = read(json!({"tool_call": {"name": "run_commands",
                "input": {"commands": commands}}}))
            .expect_err("bad list");
            assert!(err.contains("`commands`"), "{err}");
        }
    }

    #[test]
    fn no_tool_call_leaves_no_tool_name() {
        let fields = read(json!({"taskId": "t", "hookName": "tool_call"})).expect("reads");
        assert!(!fields.contains_key("tool_name") && !fields.contains_key("tool_input"));
    }
}
