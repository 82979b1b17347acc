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

const fn n(event: &'static str) -> Delivery {
    Delivery::Native(event)
}

const fn e(event: &'static str, how: &'static str) -> Delivery {
    Delivery::Emulated(Emulation {
        event,
        when: None,
        how,
    })
}

const fn e_when(
    event: &'static str,
    field: &'static str,
    value: &'static str,
    how: &'static str,
) -> Delivery {
    Delivery::Emulated(Emulation {
        event,
        when: Some((field, value)),
        how,
    })
}

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

/// One row per point: Claude, Gemini, Codex, Copilot, Kimi, OpenCode, Pi,
/// SuperQode.
#[rustfmt::skip]
const TABLE: &[(HookPoint, [Delivery; 8])] = {
    use HookPoint as P;
    &[
        (P::Setup,              [n("Setup"), U, U, U, U, U, U, U]),
        (P::SessionStart,       [n("SessionStart"), n("SessionStart"), n("SessionStart"), n("sessionStart"), n("SessionStart"), n("session.created"), n("session_start"), n("session_start")]),
        (P::SessionEnd,         [n("SessionEnd"), n("SessionEnd"), n("SessionEnd"), n("sessionEnd"), n("SessionEnd"), n("session.deleted"), n("session_shutdown"), U]),
        (P::SessionIdle,        [e_when("Notification", "notification_type", "idle_prompt", "the agent's idle notification"), U, U, U, U, n("session.idle"), U, U]),
        (P::TurnStart,          [e("UserPromptSubmit", TURN_START), e("BeforeAgent", TURN_START), e("UserPromptSubmit", TURN_START), e("userPromptSubmitted", TURN_START), e("UserPromptSubmit", TURN_START), U, n("turn_start"), e("user_prompt_submit", TURN_START)]),
        (P::TurnEnd,            [e("Stop", TURN_END), e("AfterAgent", TURN_END), e("Stop", TURN_END), e("agentStop", TURN_END), e("Stop", TURN_END), U, n("turn_end"), e("stop", TURN_END)]),
        (P::AfterTurnComplete,  [U, U, U, U, U, U, U, n("after_turn_complete")]),
        (P::UserPromptSubmit,   [n("UserPromptSubmit"), n("BeforeAgent"), n("UserPromptSubmit"), n("userPromptSubmitted"), n("UserPromptSubmit"), U, U, n("user_prompt_submit")]),
        (P::UserPromptExpansion,[n("UserPromptExpansion"), U, U, U, U, U, U, U]),
        (P::SystemPrompt,       [e("SessionStart", CONTEXT_AT_START), e("SessionStart", CONTEXT_AT_START), e("SessionStart", CONTEXT_AT_START), e("sessionStart", CONTEXT_AT_START), U, U, n("before_agent_start"), n("context_injectors")]),
        (P::InstructionsLoaded, [n("InstructionsLoaded"), U, U, U, U, U, U, U]),
        (P::BeforeLlmCall,      [U, n("BeforeModel"), U, U, U, U, U, n("before_llm_call")]),
        (P::AfterLlmCall,       [U, n("AfterModel"), U, U, U, U, U, n("after_llm_call")]),
        (P::ModelError,         [U, U, U, U, U, U, U, U]),
        // Gemini's `BeforeToolSelection` answers with its own `toolConfig`,
        // which a rewrite of the tool list cannot express.
        (P::BeforeToolSelection,[U, U, U, U, U, U, U, U]),
        (P::BeforeModelSwitch,  [n("PreModelSwitch"), U, U, U, U, U, U, U]),
        (P::AfterModelSwitch,   [n("PostModelSwitch"), U, U, U, U, U, U, U]),
        (P::ContextSelection,   [U, U, U, U, U, U, U, n("context_selection")]),
        (P::ContextRetrieval,   [U, U, U, U, U, U, U, n("context_retrieval")]),
        (P::BeforeToolCall,     [n("PreToolUse"), n("BeforeTool"), n("PreToolUse"), n("preToolUse"), n("PreToolUse"), n("tool.execute.before"), n("tool_call"), n("before_tool_call")]),
        (P::AfterToolCall,      [n("PostToolUse"), n("AfterTool"), n("PostToolUse"), n("postToolUse"), n("PostToolUse"), n("tool.execute.after"), n("tool_result"), n("after_tool_call")]),
        (P::ToolFailure,        [n("PostToolUseFailure"), U, U, n("postToolUseFailure"), n("PostToolUseFailure"), U, U, e_when("after_tool_call", "status", "error", TOOL_ERROR_AFTER)]),
        (P::AfterToolBatch,     [n("PostToolBatch"), U, U, U, U, U, U, U]),
        (P::PermissionRequest,  [e("PreToolUse", PERMISSION_AT_TOOL), e("BeforeTool", PERMISSION_AT_TOOL), e("PreToolUse", PERMISSION_AT_TOOL), e("preToolUse", PERMISSION_AT_TOOL), e("PreToolUse", PERMISSION_AT_TOOL), n("permission.ask"), e("tool_call", PERMISSION_AT_TOOL), n("permission_request")]),
        (P::PermissionDenied,   [n("PermissionDenied"), U, U, U, U, U, U, U]),
        (P::AgentStart,         [U, U, U, U, U, U, U, U]),
        (P::AgentEnd,           [U, U, U, U, U, U, U, U]),
        (P::AgentError,         [U, U, U, U, U, U, U, U]),
        (P::SubagentStart,      [n("SubagentStart"), U, n("SubagentStart"), n("subagentStart"), n("SubagentStart"), U, U, U]),
        (P::SubagentStop,       [n("SubagentStop"), U, n("SubagentStop"), n("subagentStop"), n("SubagentStop"), U, U, U]),
        (P::Stop,               [n("Stop"), n("AfterAgent"), n("Stop"), n("agentStop"), n("Stop"), U, U, n("stop")]),
        (P::StopFailure,        [n("StopFailure"), U, U, n("errorOccurred"), n("StopFailure"), n("session.error"), U, e_when("stop", "stopped_reason", "error", RUN_ERROR_AT_STOP)]),
        (P::Interrupt,          [U, U, n("Interrupt"), U, U, U, U, U]),
        (P::TeammateIdle,       [n("TeammateIdle"), U, U, U, U, U, U, U]),
        (P::TaskCreated,        [n("TaskCreated"), U, U, U, U, U, U, U]),
        (P::TaskCompleted,      [n("TaskCompleted"), U, U, U, U, U, U, U]),
        (P::BeforeCompact,      [n("PreCompact"), n("PreCompress"), n("PreCompact"), n("preCompact"), n("PreCompact"), U, n("session_before_compact"), n("before_compact")]),
        (P::AfterCompact,       [n("PostCompact"), U, n("PostCompact"), U, n("PostCompact"), n("session.compacted"), n("session_compact"), n("after_compact")]),
        (P::Notification,       [n("Notification"), n("Notification"), U, n("notification"), n("Notification"), U, U, U]),
        (P::FileChanged,        [n("FileChanged"), U, U, U, U, n("file.edited"), U, U]),
        (P::CwdChanged,         [n("CwdChanged"), U, U, U, U, U, U, U]),
        (P::DirectoryAdded,     [n("DirectoryAdded"), U, U, U, U, U, U, U]),
        (P::ConfigChange,       [n("ConfigChange"), U, U, U, U, U, U, U]),
        // Claude Code's `WorktreeCreate` hook replaces its own worktree
        // creation (the hook must print the new path): an observer there
        // would break worktrees, so it is not delivered.
        (P::WorktreeCreate,     [U, U, U, U, U, U, U, U]),
        (P::WorktreeRemove,     [n("WorktreeRemove"), U, U, U, U, U, U, U]),
        (P::Elicitation,        [n("Elicitation"), U, U, U, U, U, U, U]),
        (P::ElicitationResult,  [n("ElicitationResult"), U, U, U, U, U, U, U]),
        (P::MessageDisplay,     [n("MessageDisplay"), U, U, U, U, U, U, U]),
        (P::AnyEvent,           [Delivery::Every; 8]),
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
            assert!(events(agent).len() >= 5, "{agent}");
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
