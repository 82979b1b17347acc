//! Qwen Code (`@qwen-code/qwen-code` 0.24.4): hooks in Claude Code's shape
//! and reply format, from an extension's `qwen-extension.json` or from
//! `.qwen/settings.json`, with Qwen's own tool names (`run_shell_command`,
//! `read_file`, ...), timeouts in seconds.
//!
//! What differs from Claude Code, read from the shipped bundle:
//!
//! - `PreToolUse` runs after Qwen's own approval step, and its CLI applies
//!   neither `hookSpecificOutput.updatedInput` nor `additionalContext`
//!   there: a rewrite or added context before a tool is dropped, and the
//!   hook says so on stderr. A refusal (`permissionDecision: "deny"` on
//!   stdout) is honoured; `ask` sends the call back to the user's
//!   confirmation in the TUI and is a refusal headless (`qwen -p`).
//! - The payload carries the call's id twice, `tool_use_id` (Qwen's) and
//!   `tool_call_id` (the model's), with different values: tackle reads them
//!   as one field (the first wins, the other is kept as read), so neither
//!   makes the event unreadable.
//! - Exit code 2 refuses only with text on stderr; tackle always writes
//!   the reason there.
//!
//! The events beyond `PreToolUse` are read as Claude Code reads them
//! ([`crate::claude::reply`]).

pub(crate) mod export;
pub(crate) mod install;
pub(crate) mod reply;

use super::Agent;
use super::claude;
use super::coverage::{CONTEXT_AT_START, PERMISSION_AT_TOOL, TURN_END, TURN_START};
use super::export::matcher::Filter;
use super::hook::answer::Answer;
use super::hook::reply::NativeReply;
use super::native_event::{NativeEvent, native_events};
use super::protocol::{Card, Protocol};
use super::tools::Tool;

native_events! {
    /// Qwen Code's hook events that tackle answers (of its
    /// `HookEventName`; the others are not registered).
    pub(crate) enum Event {
        SessionStart = "SessionStart" => [SessionStart, SystemPrompt ~ CONTEXT_AT_START],
        SessionEnd = "SessionEnd" => [SessionEnd],
        UserPromptSubmit = "UserPromptSubmit" => [TurnStart ~ TURN_START, UserPromptSubmit],
        Stop = "Stop" => [TurnEnd ~ TURN_END, Stop],
        PreToolUse = "PreToolUse" => [BeforeToolCall, PermissionRequest ~ PERMISSION_AT_TOOL],
        PostToolUse = "PostToolUse" => [AfterToolCall],
        PostToolUseFailure = "PostToolUseFailure" => [ToolFailure],
        SubagentStart = "SubagentStart" => [SubagentStart],
        SubagentStop = "SubagentStop" => [SubagentStop],
        PreCompact = "PreCompact" => [BeforeCompact],
        PostCompact = "PostCompact" => [AfterCompact],
        Notification = "Notification" => [Notification],
    }
}

/// Qwen Code's built-in tools (`ToolNames`).
const TOOLS: &[(Tool, &str)] = &[
    (Tool::Bash, "run_shell_command"),
    (Tool::Read, "read_file"),
    (Tool::Write, "write_file"),
    (Tool::Edit, "edit"),
    (Tool::Glob, "glob"),
    (Tool::Grep, "grep_search"),
    (Tool::WebFetch, "web_fetch"),
    (Tool::WebSearch, "web_search"),
    (Tool::LS, "list_directory"),
];

/// Who Qwen Code is.
const CARD: Card = Card {
    name: "qwen",
    title: "Qwen Code",
    events: Event::EVENTS,
    tools: TOOLS,
    aliases: &[],
    renames: &[],
    export: export::write,
    install: Ok(install::INSTALL),
    managed: Err(
        "its system settings (/etc/qwen-code/settings.json) come first, but `qwen --bare` or `--safe-mode` switches every hook off (0.24.4)",
    ),
};

/// Qwen Code's protocol.
pub(crate) struct Qwen;

impl Protocol for Qwen {
    fn card(&self) -> &'static Card {
        &CARD
    }

    /// Qwen Code 0.24.4's `http` hooks (`HttpHookRunner`): the stdin JSON
    /// POSTed, a 2xx JSON body read as stdout (a refusal is
    /// `permissionDecision: deny` before a tool, `decision: block`
    /// elsewhere, both of which the served reply writes).
    fn http_hooks(&self) -> bool {
        true
    }

    /// `PreToolUse` by Qwen's own reading ([`reply`]); the other events as
    /// Claude Code reads them, with no new tool result
    /// (`updatedToolOutput`). Plain text on stdout at `SessionStart` and
    /// `UserPromptSubmit` is taken as added context too
    /// (`PLAIN_TEXT_CONTEXT_EVENTS`).
    fn reply(&self, event: NativeEvent, answer: &Answer, reply: &mut NativeReply) {
        match event.of::<Event>() {
            Event::PreToolUse => reply::before_tool(answer, reply),
            _ => claude::encode_other(event, answer, reply),
        }
    }

    /// Qwen Code matches a pattern that starts with `^` as one regex
    /// (`matchesHookPattern`), so the anchored alternatives of its names
    /// match exactly those tools.
    fn matcher(&self, filter: &Filter) -> Option<String> {
        filter.anchored_regex(Agent::Qwen)
    }

    fn how_to_load(&self, dir: &str, _name: &str) -> String {
        format!("install it with `qwen extensions install {dir}` (or `qwen extensions link {dir}`)")
    }

    fn hook_lines_per_system(&self) -> bool {
        true
    }
}
