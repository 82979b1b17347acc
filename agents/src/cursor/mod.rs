//! Cursor's agent hooks (the editor's Agent and `cursor-agent`):
//! `.cursor/hooks.json` of the project (or `~/.cursor/hooks.json`),
//! `{"version": 1, "hooks": {event: [{command, timeout}]}}`, camelCase
//! events.
//!
//! Written from Cursor's docs (cursor.com `docs/hooks`, read 2026-11,
//! Cursor 2.x): Cursor and its CLI ship from cursor.com, on no registry
//! (`cursor-agent` on npm is another project), and need a Cursor login to
//! reach a model, so there is no live test (see the shipping guide).
//!
//! * tackle registers the generic tool events (`preToolUse`,
//!   `postToolUse`, `postToolUseFailure`), which fire for every tool, and
//!   not `beforeShellExecution`, `beforeMCPExecution` and
//!   `beforeReadFile`, which fire for the same calls: a hook would run
//!   twice. `afterFileEdit` is tackle's `file_changed`.
//! * The payload names the session `conversation_id` and the project
//!   `workspace_roots`; tools carry Cursor's names (`Shell`, `Read`,
//!   `Write`, `StrReplace`, ...).
//! * A refusal before a tool is `{"permission": "deny"}` with the reason
//!   for the user and the agent, and exit code 2 as well, which Cursor
//!   takes as a refusal at every event that can refuse: the call is
//!   refused whichever it reads. Every reply is a JSON object, and a
//!   gate's carries its `permission` (`allow` when no hook objects): Cursor
//!   refuses a call whose reply has none (see [`reply`]). A rewrite is
//!   `updated_input`. There is no `ask` before a tool: it is answered with
//!   a refusal.
//! * `sessionStart` and `postToolUse` add `additional_context`;
//!   `beforeSubmitPrompt` refuses with `continue: false`; `stop` and
//!   `subagentStop` keep the agent going with `followup_message`.

pub(crate) mod export;
pub(crate) mod install;
pub(crate) mod reply;

use serde_json::{Map, Value};

use super::coverage::{CONTEXT_AT_START, PERMISSION_AT_TOOL, TURN_END, TURN_START};
use super::hook::answer::Answer;
use super::hook::reply::NativeReply;
use super::native_event::{NativeEvent, native_events};
use super::protocol::{Card, Protocol};
use super::tools::Tool;

native_events! {
    /// Cursor's agent hook events that tackle answers.
    pub(crate) enum Event {
        SessionStart = "sessionStart" => [SessionStart, SystemPrompt ~ CONTEXT_AT_START],
        SessionEnd = "sessionEnd" => [SessionEnd],
        BeforeSubmitPrompt = "beforeSubmitPrompt" => [TurnStart ~ TURN_START, UserPromptSubmit],
        PreToolUse = "preToolUse" => [BeforeToolCall, PermissionRequest ~ PERMISSION_AT_TOOL],
        PostToolUse = "postToolUse" => [AfterToolCall],
        PostToolUseFailure = "postToolUseFailure" => [ToolFailure],
        SubagentStart = "subagentStart" => [SubagentStart],
        SubagentStop = "subagentStop" => [SubagentStop],
        PreCompact = "preCompact" => [BeforeCompact],
        Stop = "stop" => [TurnEnd ~ TURN_END, Stop],
        AfterFileEdit = "afterFileEdit" => [FileChanged],
    }
}

/// Cursor's built-in tools, as hooks name them.
const TOOLS: &[(Tool, &str)] = &[
    (Tool::Bash, "Shell"),
    (Tool::Read, "Read"),
    (Tool::Write, "Write"),
    (Tool::Edit, "StrReplace"),
    (Tool::Glob, "Glob"),
    (Tool::Grep, "Grep"),
    (Tool::LS, "LS"),
];

/// Cursor's other name for an edit.
const ALIASES: &[(&str, Tool)] = &[("Edit", Tool::Edit), ("MultiEdit", Tool::Edit)];

/// Who Cursor is.
const CARD: Card = Card {
    name: "cursor",
    title: "Cursor",
    events: Event::EVENTS,
    tools: TOOLS,
    aliases: ALIASES,
    renames: &[
        ("conversation_id", "session_id"),
        ("error_message", "error"),
        ("subagent_type", "agent_type"),
    ],
    export: export::write,
    install: Ok(install::INSTALL),
    managed: Err(
        "its enterprise hooks.json (macOS) and team hooks are documented, but not that users cannot switch them off, and no Cursor runs here to check it",
    ),
};

/// Cursor's protocol.
pub(crate) struct Cursor;

impl Protocol for Cursor {
    fn card(&self) -> &'static Card {
        &CARD
    }

    /// The conversation as the session, the first workspace root as
    /// `cwd`, a failure's `error_message` as its `error`, the subagent's
    /// type, and a `stop` that follows a follow-up as an active stop hook.
    fn read(&self, fields: &mut Map<String, Value>) -> Result<(), String> {
        if !fields.contains_key("cwd")
            && let Some(Value::String(root)) = fields
                .get("workspace_roots")
                .and_then(|r| r.as_array()?.first())
        {
            fields.insert("cwd".into(), Value::String(root.clone()));
        }
        if !fields.contains_key("stop_hook_active")
            && let Some(n) = fields.get("loop_count").and_then(Value::as_u64)
        {
            fields.insert("stop_hook_active".into(), Value::Bool(n > 0));
        }
        Ok(())
    }

    fn reply(&self, event: NativeEvent, answer: &Answer, reply: &mut NativeReply) {
        reply::encode(event.of(), answer, reply);
    }

    // No matcher: every tool event starts the binary, which filters.
    fn how_to_load(&self, dir: &str, _name: &str) -> String {
        format!(
            "Cursor reads <project>/.cursor/hooks.json and ~/.cursor/hooks.json: copy {dir}/{} there (or merge its `hooks` into yours)",
            export::HOOKS_FILE
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::Agent;

    #[test]
    fn the_conversation_the_root_and_the_tool_read_as_claude_s() {
        let p = crate::hook::input::parse_named(
            Agent::Cursor,
            "preToolUse",
            br#"{"conversation_id":"c1","generation_id":"g1","hook_event_name":"preToolUse",
                "workspace_roots":["/p"],"tool_name":"Shell","tool_input":{"command":"ls"},"tool_use_id":"t1"}"#,
        )
        .expect("reads");
        assert_eq!(p.fields["session_id"], "c1");
        assert_eq!(p.fields["cwd"], "/p");
        assert_eq!(p.fields["tool_name"], "Bash");
        assert_eq!(p.session.metadata["native_tool_name"], "Shell");
        let p = crate::hook::input::parse_named(
            Agent::Cursor,
            "stop",
            br#"{"conversation_id":"c1","status":"completed","loop_count":1}"#,
        )
        .expect("reads");
        assert_eq!(p.fields["stop_hook_active"], true);
    }
}
