//! Claude Code: hooks as commands (`hooks/hooks.json`), one process per
//! event, the event's JSON on stdin and the reply as JSON on stdout or a
//! reason on stderr with exit code 2 (hooks reference of Claude Code
//! 2.1.330). Codex speaks the same format ([`reply`]) with stricter rules.

pub(crate) mod export;
pub(crate) mod install;
pub(crate) mod managed;
pub(crate) mod reply;
pub(crate) mod routes;

use self::reply::{Block, Form};
use super::Agent;
use super::export::ExportError;
use super::export::matcher::Filter;
use super::export::package::Package;
use super::export::write::Out;
use super::hook::answer::Answer;
use super::hook::reply::NativeReply;
use super::coverage::Delivery;
use super::protocol::{Protocol, native_events};
use tackle::hook::HookPoint;
use super::tools::{HOOK_NAMES, Tool};

native_events! {
    /// Claude Code's hook events that tackle answers.
    pub(crate) enum Event {
        Setup = "Setup",
        SessionStart = "SessionStart",
        SessionEnd = "SessionEnd",
        Notification = "Notification",
        UserPromptSubmit = "UserPromptSubmit",
        UserPromptExpansion = "UserPromptExpansion",
        Stop = "Stop",
        StopFailure = "StopFailure",
        InstructionsLoaded = "InstructionsLoaded",
        PreModelSwitch = "PreModelSwitch",
        PostModelSwitch = "PostModelSwitch",
        PreToolUse = "PreToolUse",
        PermissionRequest = "PermissionRequest",
        PostToolUse = "PostToolUse",
        PostToolUseFailure = "PostToolUseFailure",
        PostToolBatch = "PostToolBatch",
        PermissionDenied = "PermissionDenied",
        SubagentStart = "SubagentStart",
        SubagentStop = "SubagentStop",
        TeammateIdle = "TeammateIdle",
        TaskCreated = "TaskCreated",
        TaskCompleted = "TaskCompleted",
        PreCompact = "PreCompact",
        PostCompact = "PostCompact",
        FileChanged = "FileChanged",
        CwdChanged = "CwdChanged",
        DirectoryAdded = "DirectoryAdded",
        ConfigChange = "ConfigChange",
        WorktreeRemove = "WorktreeRemove",
        Elicitation = "Elicitation",
        ElicitationResult = "ElicitationResult",
        MessageDisplay = "MessageDisplay",
    }
}

/// The agent's column of the [coverage table](crate::coverage): how it
/// delivers each hook point it delivers, in the catalogue's order.
#[rustfmt::skip]
pub(crate) const COVERAGE: &[(HookPoint, Delivery)] = {
    use HookPoint as P;
    use crate::coverage::{TURN_START, TURN_END, CONTEXT_AT_START, PERMISSION_AT_TOOL};
    &[
        (P::Setup, Event::Setup.native()),
        (P::SessionStart, Event::SessionStart.native()),
        (P::SessionEnd, Event::SessionEnd.native()),
        (P::SessionIdle, Event::Notification.emulated_when("notification_type", "idle_prompt", "the agent's idle notification")),
        (P::TurnStart, Event::UserPromptSubmit.emulated(TURN_START)),
        (P::TurnEnd, Event::Stop.emulated(TURN_END)),
        (P::UserPromptSubmit, Event::UserPromptSubmit.native()),
        (P::UserPromptExpansion, Event::UserPromptExpansion.native()),
        (P::SystemPrompt, Event::SessionStart.emulated(CONTEXT_AT_START)),
        (P::InstructionsLoaded, Event::InstructionsLoaded.native()),
        (P::BeforeModelSwitch, Event::PreModelSwitch.native()),
        (P::AfterModelSwitch, Event::PostModelSwitch.native()),
        (P::BeforeToolCall, Event::PreToolUse.native()),
        (P::AfterToolCall, Event::PostToolUse.native()),
        (P::ToolFailure, Event::PostToolUseFailure.native()),
        (P::AfterToolBatch, Event::PostToolBatch.native()),
        (P::PermissionRequest, Event::PreToolUse.emulated(PERMISSION_AT_TOOL)),
        (P::PermissionDenied, Event::PermissionDenied.native()),
        (P::SubagentStart, Event::SubagentStart.native()),
        (P::SubagentStop, Event::SubagentStop.native()),
        (P::Stop, Event::Stop.native()),
        (P::StopFailure, Event::StopFailure.native()),
        (P::TeammateIdle, Event::TeammateIdle.native()),
        (P::TaskCreated, Event::TaskCreated.native()),
        (P::TaskCompleted, Event::TaskCompleted.native()),
        (P::BeforeCompact, Event::PreCompact.native()),
        (P::AfterCompact, Event::PostCompact.native()),
        (P::Notification, Event::Notification.native()),
        (P::FileChanged, Event::FileChanged.native()),
        (P::CwdChanged, Event::CwdChanged.native()),
        (P::DirectoryAdded, Event::DirectoryAdded.native()),
        (P::ConfigChange, Event::ConfigChange.native()),
        (P::WorktreeRemove, Event::WorktreeRemove.native()),
        (P::Elicitation, Event::Elicitation.native()),
        (P::ElicitationResult, Event::ElicitationResult.native()),
        (P::MessageDisplay, Event::MessageDisplay.native()),
    ]
};

impl Event {
    /// How Claude Code reads the reply to the event.
    fn form(self) -> Form {
        match self {
            Event::PreToolUse => Form::ToolDecision { strict: false },
            Event::PermissionRequest => Form::PermissionDecision { rewrites: true },
            event => Form::Other {
                // Blocked with a top-level `decision: "block"`.
                block: match event {
                    Event::UserPromptSubmit
                    | Event::PostToolUse
                    | Event::Stop
                    | Event::SubagentStop
                    | Event::PreCompact => Block::TopLevel,
                    _ => Block::ByExit,
                },
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
}

/// Claude Code's protocol.
pub(crate) struct Claude;

impl Protocol for Claude {
    fn agent(&self) -> Agent {
        Agent::Claude
    }

    fn name(&self) -> &'static str {
        "claude"
    }

    fn title(&self) -> &'static str {
        "Claude Code"
    }

    fn events(&self) -> &'static [&'static str] {
        Event::NAMES
    }

    fn tools(&self) -> &'static [(Tool, &'static str)] {
        HOOK_NAMES
    }

    fn mcp_tool_hooks(&self) -> bool {
        true
    }

    fn http_hooks(&self) -> bool {
        true
    }

    fn reply(&self, event: &str, answer: &Answer, reply: &mut NativeReply) {
        if let Some(event) = Event::from_name(event) {
            reply::encode(Agent::Claude, event.name(), event.form(), answer, reply);
        }
    }

    fn matcher(&self, filter: &Filter) -> Option<String> {
        filter.claude_syntax(Agent::Claude)
    }

    fn carries_commands(&self) -> bool {
        true
    }

    fn export(&self, package: &Package<'_>, out: &mut Out) -> Result<Vec<String>, ExportError> {
        export::write(package, out)
    }

    fn how_to_load(&self, dir: &str, _name: &str) -> String {
        format!("try it with `claude --plugin-dir {dir}`, or publish it in a marketplace")
    }

    fn managed(&self) -> Result<crate::install::managed::Policy, &'static str> {
        Ok(managed::POLICY)
    }

    fn install(&self) -> Result<crate::install::targets::Install, &'static str> {
        Ok(install::INSTALL)
    }

    fn coverage(&self) -> &'static [(HookPoint, Delivery)] {
        COVERAGE
    }
}
