//! Claude Code: hooks as commands (`hooks/hooks.json`), one process per
//! event, the event's JSON on stdin and the reply as JSON on stdout or a
//! reason on stderr with exit code 2 (hooks reference of Claude Code
//! 2.1.330). Codex speaks the same format ([`reply`]) with stricter rules.

pub(crate) mod export;
pub(crate) mod install;
pub(crate) mod managed;
pub(crate) mod marketplace;
pub(crate) mod options;
pub(crate) mod reply;
pub(crate) mod routes;

use self::reply::{Block, Form};
use super::Agent;
use super::coverage::{CONTEXT_AT_START, PERMISSION_AT_TOOL, TURN_END, TURN_START};
use super::export::matcher::Filter;
use super::hook::answer::Answer;
use super::hook::reply::NativeReply;
use super::native_event::{NativeEvent, native_events};
use super::protocol::{Card, Protocol};
use super::tools::HOOK_NAMES;

native_events! {
    /// Claude Code's hook events that tackle answers.
    pub(crate) enum Event {
        Setup = "Setup" => [Setup],
        SessionStart = "SessionStart" => [SessionStart, SystemPrompt ~ CONTEXT_AT_START],
        SessionEnd = "SessionEnd" => [SessionEnd],
        Notification = "Notification" => [SessionIdle ["notification_type" = "idle_prompt"] ~ "the agent's idle notification", Notification],
        UserPromptSubmit = "UserPromptSubmit" => [TurnStart ~ TURN_START, UserPromptSubmit],
        UserPromptExpansion = "UserPromptExpansion" => [UserPromptExpansion],
        Stop = "Stop" => [TurnEnd ~ TURN_END, Stop],
        StopFailure = "StopFailure" => [StopFailure],
        InstructionsLoaded = "InstructionsLoaded" => [InstructionsLoaded],
        PreModelSwitch = "PreModelSwitch" => [BeforeModelSwitch],
        PostModelSwitch = "PostModelSwitch" => [AfterModelSwitch],
        PreToolUse = "PreToolUse" => [BeforeToolCall, PermissionRequest ~ PERMISSION_AT_TOOL],
        PermissionRequest = "PermissionRequest",
        PostToolUse = "PostToolUse" => [AfterToolCall],
        PostToolUseFailure = "PostToolUseFailure" => [ToolFailure],
        PostToolBatch = "PostToolBatch" => [AfterToolBatch],
        PermissionDenied = "PermissionDenied" => [PermissionDenied],
        SubagentStart = "SubagentStart" => [SubagentStart],
        SubagentStop = "SubagentStop" => [SubagentStop],
        TeammateIdle = "TeammateIdle" => [TeammateIdle],
        TaskCreated = "TaskCreated" => [TaskCreated],
        TaskCompleted = "TaskCompleted" => [TaskCompleted],
        PreCompact = "PreCompact" => [BeforeCompact],
        PostCompact = "PostCompact" => [AfterCompact],
        FileChanged = "FileChanged" => [FileChanged],
        CwdChanged = "CwdChanged" => [CwdChanged],
        DirectoryAdded = "DirectoryAdded" => [DirectoryAdded],
        ConfigChange = "ConfigChange" => [ConfigChange],
        WorktreeRemove = "WorktreeRemove" => [WorktreeRemove],
        Elicitation = "Elicitation" => [Elicitation],
        ElicitationResult = "ElicitationResult" => [ElicitationResult],
        MessageDisplay = "MessageDisplay" => [MessageDisplay],
    }
}

impl Event {
    /// How Claude Code reads the reply to the event.
    fn form(self) -> Form {
        match self {
            Event::PreToolUse => Form::ToolDecision { strict: false },
            Event::PermissionRequest => Form::PermissionDecision { rewrites: true },
            event => Form::Other {
                block: event.block(),
                // Its `hookSpecificOutput.additionalContext` is added to
                // the conversation.
                context: matches!(
                    event,
                    Event::SessionStart
                        | Event::UserPromptSubmit
                        | Event::PostToolUse
                        | Event::PostToolUseFailure
                        | Event::SubagentStart
                ),
                rewrites_output: event == Event::PostToolUse,
            },
        }
    }

    /// How a refusal is written at the event (beyond a tool's and a
    /// permission request's): a top-level `decision: "block"`, or exit
    /// code 2.
    fn block(self) -> Block {
        match self {
            Event::UserPromptSubmit
            | Event::PostToolUse
            | Event::Stop
            | Event::SubagentStop
            | Event::PreCompact => Block::TopLevel,
            _ => Block::ByExit,
        }
    }
}

/// Writes the answer to `event` of an agent that takes Claude Code's
/// events and replies (Factory Droid, Qwen Code), one of its events other
/// than `PreToolUse`: as Claude Code reads the event of that name, with
/// added context only at `SessionStart`, `UserPromptSubmit` and
/// `PostToolUse`, and no new tool result.
pub(crate) fn encode_other(event: NativeEvent, answer: &Answer, reply: &mut NativeReply) {
    // The agent's event read as Claude Code's of the same name.
    let claude = Event::from_name(event.name());
    let form = Form::Other {
        block: claude.map_or(Block::ByExit, Event::block),
        context: matches!(
            claude,
            Some(Event::SessionStart | Event::UserPromptSubmit | Event::PostToolUse)
        ),
        rewrites_output: false,
    };
    reply::encode(event, form, answer, reply);
}

/// Who Claude Code is.
const CARD: Card = Card {
    name: "claude",
    title: "Claude Code",
    events: Event::EVENTS,
    tools: HOOK_NAMES,
    aliases: &[],
    renames: &[],
    export: export::write,
    install: Ok(install::INSTALL),
    managed: Ok(managed::POLICY),
};

/// Claude Code's protocol.
pub(crate) struct Claude;

impl Protocol for Claude {
    fn card(&self) -> &'static Card {
        &CARD
    }

    fn mcp_tool_hooks(&self) -> bool {
        true
    }

    fn http_hooks(&self) -> bool {
        true
    }

    fn reply(&self, event: NativeEvent, answer: &Answer, reply: &mut NativeReply) {
        reply::encode(event, event.of::<Event>().form(), answer, reply);
    }

    fn carries_commands(&self) -> bool {
        true
    }

    fn matcher(&self, filter: &Filter) -> Option<String> {
        filter.claude_syntax(Agent::Claude)
    }

    fn how_to_load(&self, dir: &str, name: &str) -> String {
        format!(
            "try it with `claude --plugin-dir {dir}`; the folder is also a marketplace: \
             `claude plugin marketplace add {dir}` (or the git repository it is pushed to), \
             then `claude plugin install {name}@{name}`"
        )
    }
}
