//! goose (block/goose): a plugin folder (`plugin.json`, `hooks/hooks.json`,
//! the binary in `bin/`) in `~/.agents/plugins/<name>/` or
//! `<project>/.agents/plugins/<name>/`, after the Open Plugins hooks
//! specification.
//!
//! Read from goose's code (`crates/goose/src/hooks/mod.rs`) and its docs
//! (`documentation/docs/guides/context-engineering/hooks.md`) at commit
//! `0825b570` of block/goose. goose ships as a binary from GitHub
//! releases, on no registry tackle's tests install from (`goose-cli` on
//! npm and `goose-ai` on PyPI are other projects), so there is no live
//! test (see the shipping guide). What tackle relies on:
//!
//! * The payload: `event`, `session_id`, `matcher_context`,
//!   `tool_call_id`, `tool_name`, `tool_input`, `tool_output`, `message`
//!   (the prompt), `last_assistant_message`, `working_dir`.
//! * Only `PreToolUse` and `Stop` read a decision: exit 2 with the reason
//!   on stderr, or `{"decision": "block", "reason"}` on stdout; exit 0
//!   with nothing (or `{"decision": "allow"}`) allows. Any other stdout
//!   is "no decision", so the binary prints nothing else there. A `Stop`
//!   refusal keeps the turn going.
//! * goose takes no rewrite, no added context and no `ask` from a hook:
//!   tackle says so on stderr, and answers an `ask` before a tool with a
//!   refusal (goose would run the call unasked).
//! * A `PreToolUse` command with `on_failure: "block"` is refused when
//!   it cannot decide (the binary failed, timed out): `export` sets it
//!   where a fail-closed hook guards the event.
//! * goose runs each command with `sh -c` and `PLUGIN_ROOT` in its
//!   environment (no Windows form).

pub(crate) mod export;
pub(crate) mod install;
pub(crate) mod reply;

use serde_json::{Map, Value};

use super::Agent;
use super::coverage::{PERMISSION_AT_TOOL, TURN_END, TURN_START};
use super::export::matcher::Filter;
use super::hook::answer::Answer;
use super::hook::reply::NativeReply;
use super::native_event::{NativeEvent, native_events};
use super::protocol::{Card, Protocol};
use super::tools::Tool;

native_events! {
    /// goose's hook events that tackle answers (its `PreToolUseResult`,
    /// `BeforeReadFile`, `AfterFileEdit`, `BeforeShellExecution` and
    /// `AfterShellExecution` only observe calls `PreToolUse` and
    /// `PostToolUse` see too).
    pub(crate) enum Event {
        SessionStart = "SessionStart" => [SessionStart],
        SessionEnd = "SessionEnd" => [SessionEnd],
        UserPromptSubmit = "UserPromptSubmit" => [TurnStart ~ TURN_START, UserPromptSubmit],
        PreToolUse = "PreToolUse" => [BeforeToolCall, PermissionRequest ~ PERMISSION_AT_TOOL],
        PostToolUse = "PostToolUse" => [AfterToolCall],
        PostToolUseFailure = "PostToolUseFailure" => [ToolFailure],
        Stop = "Stop" => [TurnEnd ~ TURN_END, Stop],
    }
}

/// goose's built-in `developer` tools, as hooks name them.
const TOOLS: &[(Tool, &str)] = &[
    (Tool::Bash, "developer__shell"),
    (Tool::Write, "developer__write"),
    (Tool::Edit, "developer__edit"),
    (Tool::LS, "developer__tree"),
];

/// The file tool of earlier goose versions.
const ALIASES: &[(&str, Tool)] = &[("developer__text_editor", Tool::Edit)];

/// Who goose is.
const CARD: Card = Card {
    name: "goose",
    title: "goose",
    events: Event::EVENTS,
    tools: TOOLS,
    aliases: ALIASES,
    renames: &[
        ("event", "hook_event_name"),
        ("message", "prompt"),
        ("working_dir", "cwd"),
    ],
    export: export::write,
    install: Ok(install::INSTALL),
    managed: Err("no managed hooks file of goose's is documented"),
};

/// goose's protocol.
pub(crate) struct Goose;

impl Protocol for Goose {
    fn card(&self) -> &'static Card {
        &CARD
    }

    /// `event`, `message` and `working_dir` under Claude Code's names; a
    /// failed tool's output as its `error`.
    fn read(&self, fields: &mut Map<String, Value>) -> Result<(), String> {
        let failed = fields.get("hook_event_name").and_then(Value::as_str)
            == Some(Event::PostToolUseFailure.name());
        if failed && !fields.contains_key("error") {
            let error = match fields.get("tool_output") {
                Some(Value::String(text)) => text.clone(),
                Some(other) => other.to_string(),
                None => "the tool failed".to_owned(),
            };
            fields.insert("error".into(), Value::String(error));
        }
        Ok(())
    }

    fn reply(&self, event: NativeEvent, answer: &Answer, reply: &mut NativeReply) {
        reply::encode(event.of(), answer, reply);
    }

    /// goose tests a matcher as an unanchored regex on the tool's name.
    fn matcher(&self, filter: &Filter) -> Option<String> {
        filter.anchored_regex(Agent::Goose)
    }

    fn how_to_load(&self, dir: &str, name: &str) -> String {
        format!(
            "goose loads plugins from ~/.agents/plugins/ and <project>/.agents/plugins/: copy or link {dir} there as `{name}`"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_prompt_the_folder_and_a_failure_get_claude_s_names() {
        let p = crate::hook::input::parse_named(
            Agent::Goose,
            "PostToolUseFailure",
            br#"{"event":"PostToolUseFailure","session_id":"s","tool_name":"developer__shell",
                "tool_input":{"command":"false"},"tool_output":"exit 1","working_dir":"/p"}"#,
        )
        .expect("reads");
        assert_eq!(p.fields["tool_name"], "Bash");
        assert_eq!(p.fields["error"], "exit 1");
        assert_eq!(p.fields["cwd"], "/p");
        let p = crate::hook::input::parse_named(
            Agent::Goose,
            "UserPromptSubmit",
            br#"{"event":"UserPromptSubmit","session_id":"s","message":"hi","matcher_context":"hi"}"#,
        )
        .expect("reads");
        assert_eq!(p.fields["prompt"], "hi");
    }
}
