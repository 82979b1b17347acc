//! Codex: hooks in a plugin's `hooks/hooks.json`, Claude Code's events and
//! reply format read with stricter rules: no bare `allow` and no `ask`
//! before a tool, a non-empty reason for every refusal, no rewrite at
//! `PermissionRequest`, a compaction refused only by stopping.

pub(crate) mod export;
pub(crate) mod install;
pub(crate) mod managed;

use std::time::Duration;

use super::Agent;
use super::claude::reply::{self, Block, Form};
use super::coverage::{CONTEXT_AT_START, PERMISSION_AT_TOOL, TURN_END, TURN_START};
use super::export::matcher::Filter;
use super::hook::answer::Answer;
use super::hook::reply::NativeReply;
use super::native_event::{NativeEvent, native_events};
use super::protocol::{Card, Protocol};
use super::tools::Tool;

native_events! {
    /// Codex's hook events that tackle answers.
    pub(crate) enum Event {
        SessionStart = "SessionStart" => [SessionStart, SystemPrompt ~ CONTEXT_AT_START],
        SessionEnd = "SessionEnd" => [SessionEnd],
        UserPromptSubmit = "UserPromptSubmit" => [TurnStart ~ TURN_START, UserPromptSubmit],
        Stop = "Stop" => [TurnEnd ~ TURN_END, Stop],
        PreToolUse = "PreToolUse" => [BeforeToolCall, PermissionRequest ~ PERMISSION_AT_TOOL],
        PermissionRequest = "PermissionRequest",
        PostToolUse = "PostToolUse" => [AfterToolCall],
        SubagentStart = "SubagentStart" => [SubagentStart],
        SubagentStop = "SubagentStop" => [SubagentStop],
        Interrupt = "Interrupt" => [Interrupt],
        PreCompact = "PreCompact" => [BeforeCompact],
        PostCompact = "PostCompact" => [AfterCompact],
    }
}

/// The longest timeout Codex 0.169.0 keeps for a `SessionEnd` or
/// `Interrupt` hook: a longer one is cut to it, with an error item in every
/// `codex exec --json` run ("clamping SessionEnd hook timeout to 3s in
/// .../hooks.json"). Measured on the 0.169.0 binary: its app server's
/// `hooks/list` of a `hooks.json` asking 100000 s of every event keeps
/// 100000 s for all but these two, and warns for these (the stored
/// openai/codex source has no `session_end.rs` yet, which 0.169.0 names).
/// Every other event takes any timeout from 1 s.
const SHUTDOWN_TIMEOUT: Duration = Duration::from_secs(3);

impl Event {
    /// The longest timeout Codex keeps for the event's hooks, where it
    /// bounds them.
    fn max_timeout(self) -> Option<Duration> {
        match self {
            Event::SessionEnd | Event::Interrupt => Some(SHUTDOWN_TIMEOUT),
            _ => None,
        }
    }

    /// How Codex reads the reply to the event.
    fn form(self) -> Form {
        match self {
            Event::PreToolUse => Form::ToolDecision { strict: true },
            // Codex refuses a request whose answer carries `updatedInput`.
            Event::PermissionRequest => Form::PermissionDecision { rewrites: false },
            event => Form::Other {
                block: match event {
                    // Codex reads no `decision` here: stopping is its only
                    // way to keep the conversation from being compacted.
                    Event::PreCompact => Block::ByStopping,
                    Event::UserPromptSubmit
                    | Event::PostToolUse
                    | Event::Stop
                    | Event::SubagentStop => Block::TopLevel,
                    _ => Block::ByExit,
                },
                context: matches!(
                    event,
                    Event::SessionStart
                        | Event::UserPromptSubmit
                        | Event::PostToolUse
                        | Event::SubagentStart
                ),
                rewrites_output: false,
            },
        }
    }
}

/// Codex's hooks call every shell tool `Bash`; it has no other built-in
/// tool hooks see by name (its edits are `apply_patch`).
const TOOLS: &[(Tool, &str)] = &[(Tool::Bash, "Bash")];

/// Codex's model calls its shell tools `shell` (the command as its
/// words), `local_shell` and `shell_command` (openai/codex
/// `codex-rs/core/src/tools/handlers/shell.rs`), the names its
/// transcripts and older hook payloads carry.
const TOOL_ALIASES: &[(&str, Tool)] = &[
    ("shell", Tool::Bash),
    ("local_shell", Tool::Bash),
    ("shell_command", Tool::Bash),
];

/// Who Codex is.
const CARD: Card = Card {
    name: "codex",
    title: "Codex",
    events: Event::EVENTS,
    tools: TOOLS,
    aliases: TOOL_ALIASES,
    renames: &[],
    export: export::write,
    install: Ok(install::INSTALL),
    managed: Ok(managed::POLICY),
};

/// Codex's protocol.
pub(crate) struct Codex;

impl Protocol for Codex {
    fn card(&self) -> &'static Card {
        &CARD
    }

    /// Codex 0.169.0's `mcp_tool` hooks: the call's text read as a
    /// command hook's stdout (read live). The export routes only
    /// `PreToolUse` and `PostToolUse` there, whose answers are JSON.
    fn mcp_tool_hooks(&self) -> bool {
        true
    }

    fn reply(&self, event: NativeEvent, answer: &Answer, reply: &mut NativeReply) {
        reply::encode(event, event.of::<Event>().form(), answer, reply);
    }

    fn max_timeout_at(&self, event: NativeEvent) -> Option<Duration> {
        event.of::<Event>().max_timeout()
    }

    fn matcher(&self, filter: &Filter) -> Option<String> {
        // Claude's syntax, and Claude's tool names.
        filter.claude_syntax(Agent::Codex)
    }

    fn how_to_load(&self, dir: &str, name: &str) -> String {
        format!(
            "list {dir} in a marketplace (.agents/plugins/marketplace.json), then `codex plugin add {name}@<marketplace>`"
        )
    }
}
