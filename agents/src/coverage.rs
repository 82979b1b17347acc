//! The coverage table: for each hook point and each agent, the native event
//! that delivers it, the event tackle emulates it at, or nothing.
//!
//! This one table drives everything: the hook binary reads it to know which
//! points a native event dispatches, `export` reads it to know which events
//! to register and to refuse a package that would drop a hook, `adapters`
//! prints it, and the README's matrix is generated from it (a test fails
//! when they differ).

use tackle::hook::{HookPoint, Kind};

use super::{Agent, NativeEvent};

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

pub(crate) const TURN_START: &str = "when the user submits a prompt, unless a hook refuses it";
pub(crate) const TURN_END: &str = "when the agent ends its answer, unless a hook keeps it going";
pub(crate) const CONTEXT_AT_START: &str =
    "context files and `system_prompt` text become the session's added context";
pub(crate) const PERMISSION_AT_TOOL: &str = "before every tool call, ahead of `before_tool_call`; ask leaves the call to the agent's own confirmation";

/// How `agent` delivers hooks at `point`: its column's cell, which each
/// agent's module writes (`Protocol::coverage`). The catch-all `event`
/// point comes at every event of every agent.
pub fn delivery(point: HookPoint, agent: Agent) -> Delivery {
    if point == HookPoint::AnyEvent {
        return Delivery::Every;
    }
    column(agent)
        .iter()
        .find(|(p, _)| *p == point)
        .map_or(Delivery::Unsupported, |(_, d)| *d)
}

/// What `agent` cannot do at `point` although it delivers it (a refusal
/// that ends the whole task, say), if anything: the cell's note.
pub fn limit(point: HookPoint, agent: Agent) -> Option<&'static str> {
    agent
        .protocol()
        .limits()
        .iter()
        .find(|(p, _)| *p == point)
        .map(|(_, note)| *note)
}

/// `agent`'s column: the points it delivers, in the catalogue's order.
fn column(agent: Agent) -> &'static [(HookPoint, Delivery)] {
    agent.protocol().coverage()
}

/// Every native event of `agent` that delivers some point, in table order,
/// each once.
pub fn events(agent: Agent) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for (_, delivery) in column(agent) {
        if let Some(event) = delivery.event()
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
pub fn points_at(event: NativeEvent) -> Vec<(HookPoint, Delivery)> {
    let name = event.name();
    let mut out: Vec<(HookPoint, Delivery)> = column(event.agent())
        .iter()
        .copied()
        .filter(|(_, d)| d.event() == Some(name))
        .collect();
    out.sort_by_key(|&(point, delivery)| match delivery {
        Delivery::Emulated(_) if point.kind().can_deny() => 0,
        Delivery::Native(_) => 1,
        _ => 2,
    });
    out
}

/// The notes under the table: the emulations', then the agents' limits,
/// each in table order and each text once, however many cells it marks.
struct Notes(Vec<String>);

impl Notes {
    /// Every cell's notes, numbered.
    fn new() -> Notes {
        let cells = || {
            HookPoint::ALL
                .iter()
                .flat_map(|&point| Agent::ALL.into_iter().map(move |agent| (point, agent)))
        };
        let mut notes = Vec::new();
        let emulations = cells().filter_map(|(point, agent)| emulation_note(point, agent));
        let limits = cells().filter_map(|(point, agent)| limit_note(point, agent));
        for note in emulations.chain(limits) {
            if !notes.contains(&note) {
                notes.push(note);
            }
        }
        Notes(notes)
    }

    /// `note`'s number, as a cell's mark.
    fn mark(&self, note: Option<String>) -> String {
        note.and_then(|note| self.0.iter().position(|n| *n == note))
            .map(|i| format!(" ({})", i + 1))
            .unwrap_or_default()
    }
}

/// The note of an emulated cell.
fn emulation_note(point: HookPoint, agent: Agent) -> Option<String> {
    let Delivery::Emulated(emulation) = delivery(point, agent) else {
        return None;
    };
    let when = emulation
        .when
        .map(|(field, value)| format!(" (only when `{field}` is `{value}`)"))
        .unwrap_or_default();
    Some(format!("Emulated{when}: {}.", emulation.how))
}

/// The note of a cell with a limit.
fn limit_note(point: HookPoint, agent: Agent) -> Option<String> {
    limit(point, agent).map(|note| format!("{}: {note}.", agent.title()))
}

/// `agent`'s cell for `point` as the tables show it, with its notes'
/// numbers.
fn cell(point: HookPoint, agent: Agent, notes: &Notes) -> String {
    let text = match delivery(point, agent) {
        Delivery::Native(event) => format!("`{event}`"),
        Delivery::Emulated(emulation) => format!("≈ `{}`", emulation.event),
        Delivery::Every => "every event".to_owned(),
        Delivery::Unsupported => "—".to_owned(),
    };
    let emulated = notes.mark(emulation_note(point, agent));
    let limited = notes.mark(limit_note(point, agent));
    format!("{text}{emulated}{limited}")
}

/// The table as Markdown: a row per point, a column per agent; `≈` marks an
/// emulated point, explained in the numbered notes under the table, as is
/// what an agent cannot do at a point it delivers.
pub fn markdown() -> String {
    let mut out = String::from("| hook point | kind |");
    for agent in Agent::ALL {
        out.push_str(&format!(" {} |", agent.title()));
    }
    out.push_str("\n| --- | --- |");
    out.push_str(&" --- |".repeat(Agent::ALL.len()));
    out.push('\n');
    let notes = Notes::new();
    for &point in HookPoint::ALL {
        let kind = match point.kind() {
            Kind::Decision(_) => "decision",
            Kind::Observer => "observer",
            Kind::Prompt => "prompt",
        };
        out.push_str(&format!("| `{}` | {kind} |", point.name()));
        for agent in Agent::ALL {
            out.push_str(&format!(" {} |", cell(point, agent, &notes)));
        }
        out.push('\n');
    }
    out.push_str("\n| agent | points delivered |\n| --- | --- |\n");
    for agent in Agent::ALL {
        let count = column(agent)
            .iter()
            .filter(|(p, d)| *p != HookPoint::AnyEvent && d.is_supported())
            .count();
        out.push_str(&format!(
            "| {} | {count} of {} |\n",
            agent.title(),
            HookPoint::ALL.len() - 1
        ));
    }
    out.push('\n');
    for (i, note) in notes.0.iter().enumerate() {
        out.push_str(&format!("{}. {note}\n", i + 1));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `agent`'s event named `name`.
    fn event(agent: Agent, name: &str) -> NativeEvent {
        NativeEvent::parse(agent, name).expect("an event of the agent's")
    }

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
    fn each_column_has_a_point_at_most_once_in_catalogue_order() {
        for agent in Agent::ALL {
            let places: Vec<usize> = column(agent).iter().map(|(p, _)| p.index()).collect();
            assert!(places.is_sorted_by(|a, b| a < b), "{agent}: {places:?}");
            assert!(
                column(agent).iter().all(|(_, d)| d.is_supported()),
                "{agent}: a column lists only what it delivers"
            );
        }
    }

    #[test]
    fn native_event_names_are_the_agents_own_hook_names() {
        // Where the catalogue knows an agent's spelling of a point, the
        // native event it is delivered at is that spelling.
        for agent in Agent::ALL {
            for &(point, delivery) in column(agent) {
                if let Delivery::Native(event) = delivery
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
                    agent.protocol().card().events.names.contains(&event),
                    "{agent}: `{event}` is not one of its events"
                );
            }
        }
    }

    #[test]
    fn guarding_points_run_first_and_emulated_observers_last() {
        let order: Vec<HookPoint> = points_at(event(Agent::Gemini, "BeforeTool"))
            .into_iter()
            .map(|(p, _)| p)
            .collect();
        assert_eq!(
            order,
            [HookPoint::PermissionRequest, HookPoint::BeforeToolCall]
        );
        let order: Vec<HookPoint> = points_at(event(Agent::Claude, "Stop"))
            .into_iter()
            .map(|(p, _)| p)
            .collect();
        assert_eq!(order, [HookPoint::Stop, HookPoint::TurnEnd]);
        assert!(NativeEvent::parse(Agent::Claude, "Nope").is_none());
    }

    #[test]
    fn the_catch_all_point_is_delivered_everywhere_and_nothing_else_is_everywhere() {
        for agent in Agent::ALL {
            assert_eq!(delivery(HookPoint::AnyEvent, agent), Delivery::Every);
            // Crush has one event, `PreToolUse`.
            assert!(!events(agent).is_empty(), "{agent}");
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
        let distinct: std::collections::HashSet<&str> = Agent::ALL
            .into_iter()
            .flat_map(column)
            .filter_map(|(_, d)| match d {
                Delivery::Emulated(e) => Some(e.how),
                _ => None,
            })
            .collect();
        assert_eq!(notes, distinct.len());
    }

    #[test]
    fn a_limit_marks_its_agent_s_cells_with_one_note() {
        let md = markdown();
        let row = |point: &str| {
            md.lines()
                .find(|l| l.starts_with(&format!("| `{point}` |")))
                .expect("the point's row")
                .split(" | ")
                .map(str::to_owned)
                .collect::<Vec<_>>()
        };
        let column = 2 + Agent::ALL
            .iter()
            .position(|a| *a == Agent::Cline)
            .expect("Cline has a column");
        let (line, number) = md
            .lines()
            .find_map(|l| {
                let (number, text) = l.split_once(". Cline: ")?;
                Some((text, number))
            })
            .expect("Cline's note");
        assert!(line.contains("ends the whole task"), "{line}");
        for (point, event) in [
            ("before_tool_call", "PreToolUse"),
            ("after_tool_call", "PostToolUse"),
        ] {
            assert_eq!(row(point)[column], format!("`{event}` ({number})"));
            // The next agent's cell carries no note of it.
            assert!(!row(point)[column + 1].contains(&format!("({number})")));
        }
        // Once, however many cells it marks.
        assert_eq!(md.matches(". Cline: ").count(), 1);
        assert_eq!(limit(HookPoint::BeforeToolCall, Agent::Claude), None);
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
        let order: Vec<HookPoint> = points_at(event(Agent::SuperQode, "after_tool_call"))
            .into_iter()
            .map(|(p, _)| p)
            .collect();
        assert_eq!(order, [HookPoint::AfterToolCall, HookPoint::ToolFailure]);
    }
}
