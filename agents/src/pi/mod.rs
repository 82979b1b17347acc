//! Pi: a generated TS extension (`shim.ts` on the shared core) that runs
//! the binary at Pi's extension events and reads tackle's own reply.

pub(crate) mod export;
pub(crate) mod install;

use super::coverage::PERMISSION_AT_TOOL;
use super::hook::answer::Answer;
use super::hook::reply::NativeReply;
use super::hook::shim_reply;
use super::native_event::{NativeEvent, native_events};
use super::protocol::{Card, Protocol};
use super::tools::Tool;

native_events! {
    /// The Pi extension events the shim forwards.
    pub(crate) enum Event {
        SessionStart = "session_start" => [SessionStart],
        SessionShutdown = "session_shutdown" => [SessionEnd],
        TurnStart = "turn_start" => [TurnStart],
        TurnEnd = "turn_end" => [TurnEnd],
        BeforeAgentStart = "before_agent_start" => [SystemPrompt],
        ToolCall = "tool_call" => [BeforeToolCall, PermissionRequest ~ PERMISSION_AT_TOOL],
        ToolResult = "tool_result" => [AfterToolCall],
        SessionBeforeCompact = "session_before_compact" => [BeforeCompact],
        SessionCompact = "session_compact" => [AfterCompact],
    }
}

/// Pi's built-in tools.
const TOOLS: &[(Tool, &str)] = &[
    (Tool::Bash, "bash"),
    (Tool::Read, "read"),
    (Tool::Write, "write"),
    (Tool::Edit, "edit"),
    (Tool::Glob, "find"),
    (Tool::Grep, "grep"),
    (Tool::LS, "ls"),
];

/// Who Pi is.
const CARD: Card = Card {
    name: "pi",
    title: "Pi",
    events: Event::EVENTS,
    tools: TOOLS,
    aliases: &[],
    renames: &[],
    export: export::write,
    install: Ok(install::INSTALL),
    managed: Err("it reads no managed settings file (0.73.1)"),
};

/// Pi's protocol.
pub(crate) struct Pi;

impl Protocol for Pi {
    fn card(&self) -> &'static Card {
        &CARD
    }

    fn uses_shim(&self) -> bool {
        true
    }

    fn reply(&self, _event: NativeEvent, answer: &Answer, reply: &mut NativeReply) {
        shim_reply::encode(answer, reply);
    }

    // No matcher: the shim filters in TypeScript, by the tools' native
    // names.
    fn how_to_load(&self, _dir: &str, _name: &str) -> String {
        "Pi loads .pi/extensions/ from the project it runs in: export into the project's root"
            .to_owned()
    }
}
