//! Claude Code's hooks that reach a long-lived server instead of a
//! process (Claude Code 2.1.330, read from its bundle): `mcp_tool` hooks,
//! which call a tool of an MCP server Claude Code has connected (the
//! plugin's own, `plugin:<plugin>:<server>`), and `http` hooks, which POST
//! the event to a URL. Both read the answer as a command hook's stdout.
//!
//! Which events go which way:
//! - `mcp_tool`: the events at which Claude Code waits for a server that
//!   is still connecting (at the others, an event early in the session
//!   would fail and be lost) and calls any server (at some it refuses
//!   servers): [`MCP_TOOL_EVENTS`];
//! - `http`: every event but `SessionStart` and `Setup`, which Claude Code
//!   never POSTs.
//!
//! Every other event stays a process.
//!
//! An `mcp_tool` hook cannot send the event whole: its `input` names
//! fields (`"${tool_input}"`), and an object so named arrives as its JSON
//! text. [`McpToolInput`] names every field tackle reads, text and JSON
//! apart, for `tackle_hook` to put the event back together.

use std::collections::BTreeMap;

use super::Event;
use crate::Agent;
use serde::Serialize;

/// The events whose hooks go to the package's MCP server with
/// `--hooks-via mcp`.
pub(crate) const MCP_TOOL_EVENTS: &[Event] = &[
    Event::UserPromptSubmit,
    Event::UserPromptExpansion,
    Event::PreToolUse,
    Event::PermissionRequest,
    Event::PostToolUse,
    Event::PostToolBatch,
    Event::SubagentStop,
    Event::TaskCreated,
    Event::TaskCompleted,
];

/// Whether `event`'s hooks can be POSTed: all but the two Claude Code
/// skips ("HTTP hooks are not supported for SessionStart").
pub(crate) fn posts(event: Event) -> bool {
    !matches!(event, Event::SessionStart | Event::Setup)
}

/// Every field Claude Code 2.1.330 sends at an event (its recorded events
/// and its hooks reference), and whether its value is text or JSON: an
/// object, array, number or boolean, which `tackle_hook` reads back from
/// its JSON text. A field the event lacks arrives empty and is left out,
/// so one list serves every event.
const FIELDS: &[(&str, Kind)] = &[
    ("session_id", Kind::Text),
    ("transcript_path", Kind::Text),
    ("cwd", Kind::Text),
    ("permission_mode", Kind::Text),
    ("hook_event_name", Kind::Text),
    ("agent_id", Kind::Text),
    ("agent_type", Kind::Text),
    ("agent_transcript_path", Kind::Text),
    ("prompt_id", Kind::Text),
    ("model", Kind::Text),
    ("effort", Kind::Json),
    ("prompt", Kind::Text),
    ("command_name", Kind::Text),
    ("command_args", Kind::Text),
    ("tool_name", Kind::Text),
    ("tool_use_id", Kind::Text),
    ("tool_input", Kind::Json),
    ("tool_response", Kind::Json),
    ("tool_calls", Kind::Json),
    ("mcp_server", Kind::Json),
    ("duration_ms", Kind::Json),
    ("error", Kind::Text),
    ("is_interrupt", Kind::Json),
    ("permission_suggestions", Kind::Json),
    ("reason", Kind::Text),
    ("last_assistant_message", Kind::Text),
    ("stop_hook_active", Kind::Json),
    ("task_id", Kind::Text),
    ("task_subject", Kind::Text),
    ("task_description", Kind::Text),
    ("teammate_name", Kind::Text),
];

/// How a field's value reaches `tackle_hook`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// As it is.
    Text,
    /// As its JSON text.
    Json,
}

/// The `input` of an `mcp_tool` hook of `tackle_hook`: the agent, the
/// event, a `${field}` for every field tackle reads at it, and the
/// package's hook key, which proves the call comes from these entries.
#[derive(Debug, Serialize)]
pub(crate) struct McpToolInput {
    agent: &'static str,
    event: &'static str,
    text: BTreeMap<&'static str, String>,
    json: BTreeMap<&'static str, String>,
    key: String,
}

impl McpToolInput {
    /// The input for `event`, with the package's hook `key`.
    pub(crate) fn of(event: Event, key: String) -> McpToolInput {
        let mut input = McpToolInput {
            agent: Agent::Claude.name(),
            event: event.name(),
            text: BTreeMap::new(),
            json: BTreeMap::new(),
            key,
        };
        for &(field, kind) in FIELDS {
            let placeholder = format!("${{{field}}}");
            match kind {
                Kind::Text => input.text.insert(field, placeholder),
                Kind::Json => input.json.insert(field, placeholder),
            };
        }
        input
    }

    /// Every field it names.
    #[cfg(test)]
    fn fields(&self) -> impl Iterator<Item = &str> {
        self.text.keys().chain(self.json.keys()).copied()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;

    /// The Claude Code events recorded or written from its reference, by
    /// name.
    fn fixtures() -> Vec<(String, serde_json::Map<String, Value>)> {
        let dir = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tests/fixtures/agents/claude"
        );
        let mut events = Vec::new();
        for entry in std::fs::read_dir(dir).expect("the fixtures") {
            let path = entry.expect("an entry").path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if !name.ends_with(".json") || name.contains(".reply") {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("readable");
            if let Ok(Value::Object(event)) = serde_json::from_str(&text) {
                let event_name = name.split('.').next().unwrap_or("").to_owned();
                events.push((event_name, event));
            }
        }
        assert!(events.len() > 20, "the fixtures are there");
        events
    }

    #[test]
    fn every_field_claude_code_sends_at_a_served_event_is_named_with_its_kind() {
        for (name, event) in fixtures() {
            let Some(event_kind) = Event::from_name(&name) else {
                continue;
            };
            if !MCP_TOOL_EVENTS.contains(&event_kind) {
                continue;
            }
            let input = McpToolInput::of(event_kind, String::new());
            for (field, value) in &event {
                assert!(
                    input.fields().any(|f| f == field),
                    "`{name}` sends `{field}`, which its mcp_tool input leaves out"
                );
                let json = input.json.contains_key(field.as_str());
                assert_eq!(
                    json,
                    !value.is_string(),
                    "`{name}`'s `{field}` is {value}: it goes under `{}`",
                    if value.is_string() { "text" } else { "json" }
                );
            }
        }
    }

    #[test]
    fn a_placeholder_names_its_own_field() {
        let input = McpToolInput::of(Event::PreToolUse, String::new());
        assert_eq!(input.event, "PreToolUse");
        assert_eq!(
            input.json.get("tool_input").map(String::as_str),
            Some("${tool_input}")
        );
        assert_eq!(
            input.text.get("tool_name").map(String::as_str),
            Some("${tool_name}")
        );
    }
}
