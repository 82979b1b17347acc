//! The coverage table: for each hook point and each agent, the native event
//! that delivers it, the event tackle emulates it at, or nothing.
//!
//! This one table drives everything: the hook binary reads it to know which
//! points a native event dispatches, `export` reads it to know which events
//! to register and to refuse a package that would drop a hook, `adapters`
//! prints it, and the README's matrix is generated from it (a test fails
//! when they differ).

use tackle::hook::{HookPoint, Kind};

use super::Agent;

/// How an agent delivers a hook point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delivery {
    /// The agent has an event for it: the hook runs when that event fires.
    Native(&'static str),
    /// The agent has no event for it, but tackle runs it at another one.
    Emulated(Emulation),
    /// At every event the agent delivers (the catch-all `event` point).
    Every,
    /// The agent cannot deliver it.
    Unsupported,
}

/// A point tackle runs at another point's native event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Emulation {
    /// The native event it runs at.
    pub event: &'static str,
    /// Only when this payload field has this value (`notification_type` =
    /// `idle_prompt`), if set.
    pub when: Option<(&'static str, &'static str)>,
    /// How, in a few words, for the table's notes.
    pub how: &'static str,
}

impl Delivery {
    /// The native event it arrives with, if any.
    pub const fn event(self) -> Option<&'static str> {
        match self {
            Delivery::Native(event) | Delivery::Emulated(Emulation { event, .. }) => Some(event),
            Delivery::Every | Delivery::Unsupported => None,
        }
    }

    /// Whether hooks at the point run at all.
    pub const fn is_supported(self) -> bool {
        !matches!(self, Delivery::Unsupported)
    }
}

const U: Delivery = Delivery::Unsupported;

const TURN_START: &str = "when the user submits a prompt, unless a hook refuses it";
const TURN_END: &str = "when the agent ends its answer, unless a hook keeps it going";
const CONTEXT_AT_START: &str =
    "context files and `system_prompt` text become the session's added context";
/// SuperQode has no event of its own for a failed tool: its
/// `after_tool_call` gets every result, failed or not.
const TOOL_ERROR_AFTER: &str =
    "after a tool call whose result is an error (`after_tool_call` hooks see it too)";
/// SuperQode's `stop` comes at the end of every run, failed or not.
const RUN_ERROR_AT_STOP: &str = "when the run ends with an error";
const PERMISSION_AT_TOOL: &str = "before every tool call, ahead of `before_tool_call`; ask leaves the call to the agent's own confirmation";

/// One row per point: Claude, Gemini, Codex, Copilot, Kimi, Qwen, Droid,
/// OpenCode, Pi, SuperQode, Cline, Cursor, Windsurf, VS Code, Kiro CLI,
/// goose.
#[rustfmt::skip]
const TABLE: &[(HookPoint, [Delivery; 16])] = {
    use HookPoint as P;
    use super::claude::Event as Cl;
    use super::cline::Event as Cn;
    use super::codex::Event as Cx;
    use super::copilot::Event as Co;
    use super::cursor::Event as Cu;
    use super::goose::Event as Go;
    use super::kiro::Event as Kr;
    use super::vscode::Event as Vs;
    use super::windsurf::Event as Ws;
    use super::droid::Event as Dr;
    use super::gemini::Event as Ge;
    use super::kimi::Event as Ki;
    use super::opencode::Event as Oc;
    use super::pi::Event as Pi;
    use super::qwen::Event as Qw;
    use super::superqode::Event as Sq;
    &[
        (P::Setup,              [Cl::Setup.native(), U, U, U, U, U, U, U, U, U, U, U, U, U, U, U]),
        (P::SessionStart,       [Cl::SessionStart.native(), Ge::SessionStart.native(), Cx::SessionStart.native(), Co::SessionStart.native(), Ki::SessionStart.native(), Qw::SessionStart.native(), Dr::SessionStart.native(), Oc::SessionCreated.native(), Pi::SessionStart.native(), Sq::SessionStart.native(), Cn::TaskStart.native(), Cu::SessionStart.native(), U, Vs::SessionStart.native(), Kr::AgentSpawn.native(), Go::SessionStart.native()]),
        (P::SessionEnd,         [Cl::SessionEnd.native(), Ge::SessionEnd.native(), Cx::SessionEnd.native(), Co::SessionEnd.native(), Ki::SessionEnd.native(), Qw::SessionEnd.native(), Dr::SessionEnd.native(), Oc::SessionDeleted.native(), Pi::SessionShutdown.native(), U, Cn::SessionShutdown.native(), Cu::SessionEnd.native(), U, U, U, Go::SessionEnd.native()]),
        (P::SessionIdle,        [Cl::Notification.emulated_when("notification_type", "idle_prompt", "the agent's idle notification"), U, U, U, U, U, U, Oc::SessionIdle.native(), U, U, U, U, U, U, U, U]),
        (P::TurnStart,          [Cl::UserPromptSubmit.emulated(TURN_START), Ge::BeforeAgent.emulated(TURN_START), Cx::UserPromptSubmit.emulated(TURN_START), Co::UserPromptSubmitted.emulated(TURN_START), Ki::UserPromptSubmit.emulated(TURN_START), Qw::UserPromptSubmit.emulated(TURN_START), Dr::UserPromptSubmit.emulated(TURN_START), U, Pi::TurnStart.native(), Sq::UserPromptSubmit.emulated(TURN_START), Cn::UserPromptSubmit.emulated(TURN_START), Cu::BeforeSubmitPrompt.emulated(TURN_START), Ws::PreUserPrompt.emulated(TURN_START), Vs::UserPromptSubmit.emulated(TURN_START), Kr::UserPromptSubmit.emulated(TURN_START), Go::UserPromptSubmit.emulated(TURN_START)]),
        (P::TurnEnd,            [Cl::Stop.emulated(TURN_END), Ge::AfterAgent.emulated(TURN_END), Cx::Stop.emulated(TURN_END), Co::AgentStop.emulated(TURN_END), Ki::Stop.emulated(TURN_END), Qw::Stop.emulated(TURN_END), Dr::Stop.emulated(TURN_END), U, Pi::TurnEnd.native(), Sq::Stop.emulated(TURN_END), Cn::TaskComplete.emulated(TURN_END), Cu::Stop.emulated(TURN_END), Ws::PostCascadeResponse.native(), Vs::Stop.emulated(TURN_END), Kr::Stop.emulated(TURN_END), Go::Stop.emulated(TURN_END)]),
        (P::AfterTurnComplete,  [U, U, U, U, U, U, U, U, U, Sq::AfterTurnComplete.native(), U, U, U, U, U, U]),
        (P::UserPromptSubmit,   [Cl::UserPromptSubmit.native(), Ge::BeforeAgent.native(), Cx::UserPromptSubmit.native(), Co::UserPromptSubmitted.native(), Ki::UserPromptSubmit.native(), Qw::UserPromptSubmit.native(), Dr::UserPromptSubmit.native(), U, U, Sq::UserPromptSubmit.native(), Cn::UserPromptSubmit.native(), Cu::BeforeSubmitPrompt.native(), Ws::PreUserPrompt.native(), Vs::UserPromptSubmit.native(), Kr::UserPromptSubmit.native(), Go::UserPromptSubmit.native()]),
        (P::UserPromptExpansion,[Cl::UserPromptExpansion.native(), U, U, U, U, U, U, U, U, U, U, U, U, U, U, U]),
        (P::SystemPrompt,       [Cl::SessionStart.emulated(CONTEXT_AT_START), Ge::SessionStart.emulated(CONTEXT_AT_START), Cx::SessionStart.emulated(CONTEXT_AT_START), Co::SessionStart.emulated(CONTEXT_AT_START), U, Qw::SessionStart.emulated(CONTEXT_AT_START), Dr::SessionStart.emulated(CONTEXT_AT_START), Oc::ChatSystemTransform.native(), Pi::BeforeAgentStart.native(), Sq::ContextInjectors.native(), U, Cu::SessionStart.emulated(CONTEXT_AT_START), U, Vs::SessionStart.emulated(CONTEXT_AT_START), Kr::AgentSpawn.emulated(CONTEXT_AT_START), U]),
        (P::InstructionsLoaded, [Cl::InstructionsLoaded.native(), U, U, U, U, U, U, U, U, U, U, U, U, U, U, U]),
        (P::BeforeLlmCall,      [U, Ge::BeforeModel.native(), U, U, U, U, U, U, U, Sq::BeforeLlmCall.native(), U, U, U, U, U, U]),
        (P::AfterLlmCall,       [U, Ge::AfterModel.native(), U, U, U, U, U, U, U, Sq::AfterLlmCall.native(), U, U, U, U, U, U]),
        (P::ModelError,         [U, U, U, U, U, U, U, U, U, U, U, U, U, U, U, U]),
        // Gemini's `BeforeToolSelection` answers with its own `toolConfig`,
        // which a rewrite of the tool list cannot express.
        (P::BeforeToolSelection,[U, U, U, U, U, U, U, U, U, U, U, U, U, U, U, U]),
        (P::BeforeModelSwitch,  [Cl::PreModelSwitch.native(), U, U, U, U, U, U, U, U, U, U, U, U, U, U, U]),
        (P::AfterModelSwitch,   [Cl::PostModelSwitch.native(), U, U, U, U, U, U, U, U, U, U, U, U, U, U, U]),
        (P::ContextSelection,   [U, U, U, U, U, U, U, U, U, Sq::ContextSelection.native(), U, U, U, U, U, U]),
        (P::ContextRetrieval,   [U, U, U, U, U, U, U, U, U, Sq::ContextRetrieval.native(), U, U, U, U, U, U]),
        (P::BeforeToolCall,     [Cl::PreToolUse.native(), Ge::BeforeTool.native(), Cx::PreToolUse.native(), Co::PreToolUse.native(), Ki::PreToolUse.native(), Qw::PreToolUse.native(), Dr::PreToolUse.native(), Oc::ToolExecuteBefore.native(), Pi::ToolCall.native(), Sq::BeforeToolCall.native(), Cn::PreToolUse.native(), Cu::PreToolUse.native(), Ws::PreTool.native(), Vs::PreToolUse.native(), Kr::PreToolUse.native(), Go::PreToolUse.native()]),
        (P::AfterToolCall,      [Cl::PostToolUse.native(), Ge::AfterTool.native(), Cx::PostToolUse.native(), Co::PostToolUse.native(), Ki::PostToolUse.native(), Qw::PostToolUse.native(), Dr::PostToolUse.native(), Oc::ToolExecuteAfter.native(), Pi::ToolResult.native(), Sq::AfterToolCall.native(), Cn::PostToolUse.native(), Cu::PostToolUse.native(), Ws::PostTool.native(), Vs::PostToolUse.native(), Kr::PostToolUse.native(), Go::PostToolUse.native()]),
        (P::ToolFailure,        [Cl::PostToolUseFailure.native(), U, U, Co::PostToolUseFailure.native(), Ki::PostToolUseFailure.native(), Qw::PostToolUseFailure.native(), U, U, U, Sq::AfterToolCall.emulated_when("status", "error", TOOL_ERROR_AFTER), U, Cu::PostToolUseFailure.native(), U, U, U, Go::PostToolUseFailure.native()]),
        (P::AfterToolBatch,     [Cl::PostToolBatch.native(), U, U, U, U, U, U, U, U, U, U, U, U, U, U, U]),
        (P::PermissionRequest,  [Cl::PreToolUse.emulated(PERMISSION_AT_TOOL), Ge::BeforeTool.emulated(PERMISSION_AT_TOOL), Cx::PreToolUse.emulated(PERMISSION_AT_TOOL), Co::PreToolUse.emulated(PERMISSION_AT_TOOL), Ki::PreToolUse.emulated(PERMISSION_AT_TOOL), Qw::PreToolUse.emulated(PERMISSION_AT_TOOL), Dr::PreToolUse.emulated(PERMISSION_AT_TOOL), Oc::ToolExecuteBefore.emulated(PERMISSION_AT_TOOL), Pi::ToolCall.emulated(PERMISSION_AT_TOOL), Sq::PermissionRequest.native(), Cn::PreToolUse.emulated(PERMISSION_AT_TOOL), Cu::PreToolUse.emulated(PERMISSION_AT_TOOL), Ws::PreTool.emulated(PERMISSION_AT_TOOL), Vs::PreToolUse.emulated(PERMISSION_AT_TOOL), Kr::PreToolUse.emulated(PERMISSION_AT_TOOL), Go::PreToolUse.emulated(PERMISSION_AT_TOOL)]),
        (P::PermissionDenied,   [Cl::PermissionDenied.native(), U, U, U, U, U, U, U, U, U, U, U, U, U, U, U]),
        (P::AgentStart,         [U, U, U, U, U, U, U, U, U, U, U, U, U, U, U, U]),
        (P::AgentEnd,           [U, U, U, U, U, U, U, U, U, U, U, U, U, U, U, U]),
        (P::AgentError,         [U, U, U, U, U, U, U, U, U, U, U, U, U, U, U, U]),
        (P::SubagentStart,      [Cl::SubagentStart.native(), U, Cx::SubagentStart.native(), Co::SubagentStart.native(), Ki::SubagentStart.native(), Qw::SubagentStart.native(), U, U, U, U, U, Cu::SubagentStart.native(), U, Vs::SubagentStart.native(), U, U]),
        (P::SubagentStop,       [Cl::SubagentStop.native(), U, Cx::SubagentStop.native(), Co::SubagentStop.native(), Ki::SubagentStop.native(), Qw::SubagentStop.native(), Dr::SubagentStop.native(), U, U, U, U, Cu::SubagentStop.native(), U, Vs::SubagentStop.native(), U, U]),
        (P::Stop,               [Cl::Stop.native(), Ge::AfterAgent.native(), Cx::Stop.native(), Co::AgentStop.native(), Ki::Stop.native(), Qw::Stop.native(), Dr::Stop.native(), U, U, Sq::Stop.native(), Cn::TaskComplete.native(), Cu::Stop.native(), U, Vs::Stop.native(), Kr::Stop.native(), Go::Stop.native()]),
        (P::StopFailure,        [Cl::StopFailure.native(), U, U, Co::ErrorOccurred.native(), Ki::StopFailure.native(), U, U, Oc::SessionError.native(), U, Sq::Stop.emulated_when("stopped_reason", "error", RUN_ERROR_AT_STOP), Cn::TaskError.native(), U, U, U, U, U]),
        (P::Interrupt,          [U, U, Cx::Interrupt.native(), U, U, U, U, U, U, U, Cn::TaskCancel.native(), U, U, U, U, U]),
        (P::TeammateIdle,       [Cl::TeammateIdle.native(), U, U, U, U, U, U, U, U, U, U, U, U, U, U, U]),
        (P::TaskCreated,        [Cl::TaskCreated.native(), U, U, U, U, U, U, U, U, U, U, U, U, U, U, U]),
        (P::TaskCompleted,      [Cl::TaskCompleted.native(), U, U, U, U, U, U, U, U, U, U, U, U, U, U, U]),
        (P::BeforeCompact,      [Cl::PreCompact.native(), Ge::PreCompress.native(), Cx::PreCompact.native(), Co::PreCompact.native(), Ki::PreCompact.native(), Qw::PreCompact.native(), Dr::PreCompact.native(), U, Pi::SessionBeforeCompact.native(), Sq::BeforeCompact.native(), U, Cu::PreCompact.native(), U, Vs::PreCompact.native(), U, U]),
        (P::AfterCompact,       [Cl::PostCompact.native(), U, Cx::PostCompact.native(), U, Ki::PostCompact.native(), Qw::PostCompact.native(), U, Oc::SessionCompacted.native(), Pi::SessionCompact.native(), Sq::AfterCompact.native(), U, U, U, U, U, U]),
        (P::Notification,       [Cl::Notification.native(), Ge::Notification.native(), U, Co::Notification.native(), Ki::Notification.native(), Qw::Notification.native(), Dr::Notification.native(), U, U, U, U, U, U, U, U, U]),
        (P::FileChanged,        [Cl::FileChanged.native(), U, U, U, U, U, U, Oc::FileEdited.native(), U, U, U, Cu::AfterFileEdit.native(), U, U, U, U]),
        (P::CwdChanged,         [Cl::CwdChanged.native(), U, U, U, U, U, U, U, U, U, U, U, U, U, U, U]),
        (P::DirectoryAdded,     [Cl::DirectoryAdded.native(), U, U, U, U, U, U, U, U, U, U, U, U, U, U, U]),
        (P::ConfigChange,       [Cl::ConfigChange.native(), U, U, U, U, U, U, U, U, U, U, U, U, U, U, U]),
        // Claude Code's `WorktreeCreate` hook replaces its own worktree
        // creation (the hook must print the new path): an observer there
        // would break worktrees, so it is not delivered.
        (P::WorktreeCreate,     [U, U, U, U, U, U, U, U, U, U, U, U, U, U, U, U]),
        (P::WorktreeRemove,     [Cl::WorktreeRemove.native(), U, U, U, U, U, U, U, U, U, U, U, U, U, U, U]),
        (P::Elicitation,        [Cl::Elicitation.native(), U, U, U, U, U, U, U, U, U, U, U, U, U, U, U]),
        (P::ElicitationResult,  [Cl::ElicitationResult.native(), U, U, U, U, U, U, U, U, U, U, U, U, U, U, U]),
        (P::MessageDisplay,     [Cl::MessageDisplay.native(), U, U, U, U, U, U, U, U, U, U, U, U, U, U, U]),
        (P::AnyEvent,           [Delivery::Every; 16]),
    ]
};

/// How `agent` delivers hooks at `point`.
pub fn delivery(point: HookPoint, agent: Agent) -> Delivery {
    TABLE
        .iter()
        .find(|(p, _)| *p == point)
        .map_or(U, |(_, row)| row[agent.index()])
}

/// Every native event of `agent` that delivers some point, in table order,
/// each once.
pub fn events(agent: Agent) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for (_, row) in TABLE {
        if let Some(event) = row[agent.index()].event()
            && !out.contains(&event)
        {
            out.push(event);
        }
    }
    out
}

/// The points one native event dispatches, in the order they run: emulated
/// points that can refuse first (they guard the native point, as a
/// permission check guards a tool call), then the native points, then
/// emulated observers, which run only if nothing was refused.
pub fn points_at(agent: Agent, event: &str) -> Vec<(HookPoint, Delivery)> {
    let mut out: Vec<(HookPoint, Delivery)> = TABLE
        .iter()
        .map(|(p, row)| (*p, row[agent.index()]))
        .filter(|(_, d)| d.event() == Some(event))
        .collect();
    out.sort_by_key(|&(point, delivery)| match delivery {
        Delivery::Emulated(_) if point.kind().can_deny() => 0,
        Delivery::Native(_) => 1,
        _ => 2,
    });
    out
}

/// A cell as the tables show it.
fn cell(delivery: Delivery, marks: &mut Vec<(Emulation, usize)>) -> String {
    match delivery {
        Delivery::Native(event) => format!("`{event}`"),
        Delivery::Emulated(emulation) => {
            let number = match marks.iter().position(|(e, _)| e.how == emulation.how) {
                Some(i) => marks[i].1,
                None => {
                    let next = marks.len() + 1;
                    marks.push((emulation, next));
                    next
                }
            };
            format!("≈ `{}` ({number})", emulation.event)
        }
        Delivery::Every => "every event".to_owned(),
        Delivery::Unsupported => "—".to_owned(),
    }
}

/// The table as Markdown: a row per point, a column per agent; `≈` marks an
/// emulated point, explained in the numbered notes under the table.
pub fn markdown() -> String {
    let mut out = String::from("| hook point | kind |");
    for agent in Agent::ALL {
        out.push_str(&format!(" {} |", agent.title()));
    }
    out.push_str("\n| --- | --- |");
    out.push_str(&" --- |".repeat(Agent::ALL.len()));
    out.push('\n');
    let mut marks = Vec::new();
    for (point, row) in TABLE {
        let kind = match point.kind() {
            Kind::Decision(_) => "decision",
            Kind::Observer => "observer",
            Kind::Prompt => "prompt",
        };
        out.push_str(&format!("| `{}` | {kind} |", point.name()));
        for delivery in row {
            out.push_str(&format!(" {} |", cell(*delivery, &mut marks)));
        }
        out.push('\n');
    }
    out.push_str("\n| agent | points delivered |\n| --- | --- |\n");
    for agent in Agent::ALL {
        let count = TABLE
            .iter()
            .filter(|(p, row)| *p != HookPoint::AnyEvent && row[agent.index()].is_supported())
            .count();
        out.push_str(&format!(
            "| {} | {count} of {} |\n",
            agent.title(),
            TABLE.len() - 1
        ));
    }
    out.push('\n');
    for (emulation, number) in &marks {
        let when = emulation
            .when
            .map(|(field, value)| format!(" (only when `{field}` is `{value}`)"))
            .unwrap_or_default();
        out.push_str(&format!("{number}. Emulated{when}: {}.\n", emulation.how));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The engine checks a SuperQode plugin's `event_hooks` against its
    /// own list of SuperQode's points: the column and the list agree.
    #[test]
    fn the_engine_knows_superqode_s_points() {
        assert_eq!(
            events(Agent::SuperQode),
            tackle_host::declarative::SUPERQODE_POINTS
        );
    }

    #[test]
    fn every_point_has_exactly_one_row_in_catalogue_order() {
        let points: Vec<HookPoint> = TABLE.iter().map(|(p, _)| *p).collect();
        assert_eq!(points, HookPoint::ALL);
    }

    #[test]
    fn native_event_names_are_the_agents_own_hook_names() {
        // Where the catalogue knows an agent's spelling of a point, the
        // native event it is delivered at is that spelling.
        for &(point, row) in TABLE {
            for agent in Agent::ALL {
                if let Delivery::Native(event) = row[agent.index()]
                    && !agent.uses_shim()
                    && HookPoint::from_name(event).is_some()
                {
                    assert_eq!(
                        HookPoint::from_name(event),
                        Some(point),
                        "{agent}: `{event}` is another point's name"
                    );
                }
            }
        }
    }

    #[test]
    fn each_column_names_only_its_own_agents_events() {
        for agent in Agent::ALL {
            for event in events(agent) {
                assert!(
                    agent.protocol().events().contains(&event),
                    "{agent}: `{event}` is not one of its events"
                );
            }
        }
    }

    #[test]
    fn guarding_points_run_first_and_emulated_observers_last() {
        let order: Vec<HookPoint> = points_at(Agent::Gemini, "BeforeTool")
            .into_iter()
            .map(|(p, _)| p)
            .collect();
        assert_eq!(
            order,
            [HookPoint::PermissionRequest, HookPoint::BeforeToolCall]
        );
        let order: Vec<HookPoint> = points_at(Agent::Claude, "Stop")
            .into_iter()
            .map(|(p, _)| p)
            .collect();
        assert_eq!(order, [HookPoint::Stop, HookPoint::TurnEnd]);
        assert!(points_at(Agent::Claude, "Nope").is_empty());
    }

    #[test]
    fn the_catch_all_point_is_delivered_everywhere_and_nothing_else_is_everywhere() {
        for agent in Agent::ALL {
            assert_eq!(delivery(HookPoint::AnyEvent, agent), Delivery::Every);
            // Windsurf's four: its prompt, its pre- and post-tool actions
            // (two events of tackle's), its response.
            assert!(events(agent).len() >= 4, "{agent}");
        }
        assert_eq!(
            delivery(HookPoint::ContextSelection, Agent::Claude),
            Delivery::Unsupported
        );
    }

    #[test]
    fn the_markdown_names_every_point_and_numbers_each_emulation_once() {
        let md = markdown();
        for &point in HookPoint::ALL {
            assert!(md.contains(&format!("| `{}` |", point.name())), "{point}");
        }
        assert!(md.contains("≈ `Stop` (1)") || md.contains("≈ `Notification` (1)"));
        let notes = md.lines().filter(|l| l.contains(". Emulated")).count();
        let distinct: std::collections::HashSet<&str> = TABLE
            .iter()
            .flat_map(|(_, row)| row.iter())
            .filter_map(|d| match d {
                Delivery::Emulated(e) => Some(e.how),
                _ => None,
            })
            .collect();
        assert_eq!(notes, distinct.len());
    }

    #[test]
    fn superqode_gets_every_one_of_its_thirteen_points_and_its_context_injectors() {
        let events = events(Agent::SuperQode);
        for point in [
            "session_start",
            "user_prompt_submit",
            "before_llm_call",
            "after_llm_call",
            "permission_request",
            "before_tool_call",
            "after_tool_call",
            "after_turn_complete",
            "before_compact",
            "after_compact",
            "stop",
            "context_selection",
            "context_retrieval",
        ] {
            assert!(events.contains(&point), "{point}");
            // SuperQode's names are tackle's.
            assert_eq!(
                delivery(
                    HookPoint::from_name(point).expect("a point"),
                    Agent::SuperQode
                ),
                Delivery::Native(point)
            );
        }
        assert!(events.contains(&"context_injectors"));
        assert_eq!(events.len(), 14);
        let order: Vec<HookPoint> = points_at(Agent::SuperQode, "after_tool_call")
            .into_iter()
            .map(|(p, _)| p)
            .collect();
        assert_eq!(order, [HookPoint::AfterToolCall, HookPoint::ToolFailure]);
    }
}
