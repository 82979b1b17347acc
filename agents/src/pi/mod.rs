//! Pi: a generated TS extension (`shim.ts` on the shared core) that runs
//! the binary at Pi's extension events and reads tackle's own reply.

pub(crate) mod export;
pub(crate) mod install;

use super::Agent;
use super::export::ExportError;
use super::export::matcher::Filter;
use super::export::package::Package;
use super::export::write::Out;
use super::hook::answer::Answer;
use super::hook::reply::NativeReply;
use super::hook::shim_reply;
use super::coverage::Delivery;
use super::protocol::{Protocol, native_events};
use tackle::hook::HookPoint;
use super::tools::Tool;

native_events! {
    /// The Pi extension events the shim forwards.
    pub(crate) enum Event {
        SessionStart = "session_start",
        SessionShutdown = "session_shutdown",
        TurnStart = "turn_start",
        TurnEnd = "turn_end",
        BeforeAgentStart = "before_agent_start",
        ToolCall = "tool_call",
        ToolResult = "tool_result",
        SessionBeforeCompact = "session_before_compact",
        SessionCompact = "session_compact",
    }
}

/// The agent's column of the [coverage table](crate::coverage): how it
/// delivers each hook point it delivers, in the catalogue's order.
#[rustfmt::skip]
pub(crate) const COVERAGE: &[(HookPoint, Delivery)] = {
    use HookPoint as P;
    use crate::coverage::PERMISSION_AT_TOOL;
    &[
        (P::SessionStart, Event::SessionStart.native()),
        (P::SessionEnd, Event::SessionShutdown.native()),
        (P::TurnStart, Event::TurnStart.native()),
        (P::TurnEnd, Event::TurnEnd.native()),
        (P::SystemPrompt, Event::BeforeAgentStart.native()),
        (P::BeforeToolCall, Event::ToolCall.native()),
        (P::AfterToolCall, Event::ToolResult.native()),
        (P::PermissionRequest, Event::ToolCall.emulated(PERMISSION_AT_TOOL)),
        (P::BeforeCompact, Event::SessionBeforeCompact.native()),
        (P::AfterCompact, Event::SessionCompact.native()),
    ]
};

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

/// Pi's protocol.
pub(crate) struct Pi;

impl Protocol for Pi {
    fn agent(&self) -> Agent {
        Agent::Pi
    }

    fn name(&self) -> &'static str {
        "pi"
    }

    fn title(&self) -> &'static str {
        "Pi"
    }

    fn events(&self) -> &'static [&'static str] {
        Event::NAMES
    }

    fn uses_shim(&self) -> bool {
        true
    }

    fn tools(&self) -> &'static [(Tool, &'static str)] {
        TOOLS
    }

    fn reply(&self, _event: &str, answer: &Answer, reply: &mut NativeReply) {
        shim_reply::encode(answer, reply);
    }

    /// The shim filters in TypeScript, by the tools' native names.
    fn matcher(&self, _filter: &Filter) -> Option<String> {
        None
    }

    fn export(&self, package: &Package<'_>, out: &mut Out) -> Result<Vec<String>, ExportError> {
        export::write(package, out)
    }

    fn how_to_load(&self, _dir: &str, _name: &str) -> String {
        "Pi loads .pi/extensions/ from the project it runs in: export into the project's root"
            .to_owned()
    }

    fn managed(&self) -> Result<crate::install::managed::Policy, &'static str> {
        Err("it reads no managed settings file (0.73.1)")
    }

    fn install(&self) -> Result<crate::install::targets::Install, &'static str> {
        Ok(install::INSTALL)
    }

    fn coverage(&self) -> &'static [(HookPoint, Delivery)] {
        COVERAGE
    }
}
