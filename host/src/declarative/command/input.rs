//! The event as Claude Code would send it on a hook's stdin: the reverse
//! of what [`crate::agents`] reads.

use serde_json::{Map, Value};
use tackle::hook::{DynEvent, HookPoint, SessionInfo};
use tackle_spec::claude;

/// Claude Code's name for `point`, if it has an event for it.
pub(crate) fn claude_name(point: HookPoint) -> Option<&'static str> {
    point
        .aliases()
        .iter()
        .copied()
        .find(|alias| claude::EVENTS.contains(alias))
}

/// The `hook_event_name` a command sees: Claude Code's, else ours.
pub(super) fn event_name(point: HookPoint) -> &'static str {
    claude_name(point).unwrap_or(point.name())
}

/// Our fields that Claude Code names otherwise, at the points it has.
const RENAMES: &[(&str, &str)] = &[
    ("arguments", "tool_input"),
    ("response", "tool_response"),
    ("suggestions", "permission_suggestions"),
];

/// Per point: `FileChanged`'s kind of change, the elicitations' server.
fn point_renames(point: HookPoint) -> &'static [(&'static str, &'static str)] {
    match point {
        HookPoint::FileChanged => &[("change", "event")],
        HookPoint::Elicitation | HookPoint::ElicitationResult => {
            &[("server_name", "mcp_server_name")]
        }
        _ => &[],
    }
}

/// Fields Claude Code always sends, even when empty.
const KEEP_NULL: &[&str] = &["tool_input", "tool_response"];

/// Session facts the agent adapters keep in the session's metadata, which
/// Claude Code sends with every event.
const FROM_METADATA: &[&str] = &["permission_mode", "agent_id", "agent_type"];

/// The JSON object a command hook reads on stdin for `event`.
pub(super) fn encode(event: &dyn DynEvent, session: &SessionInfo) -> Value {
    let point = event.point();
    let mut fields = match event.to_json() {
        Value::Object(fields) => fields,
        // Events are structs; keep anything else visible rather than lose it.
        other => Map::from_iter([("event".to_owned(), other)]),
    };
    if claude_name(point).is_some() {
        for (ours, claudes) in RENAMES.iter().chain(point_renames(point)) {
            if let Some(value) = fields.remove(*ours) {
                fields.insert((*claudes).to_owned(), value);
            }
        }
        fields.retain(|key, value| !value.is_null() || KEEP_NULL.contains(&key.as_str()));
    }
    fields.insert(
        "hook_event_name".into(),
        Value::String(event_name(point).to_owned()),
    );
    fields.insert(
        "session_id".into(),
        Value::String(event.session_id().to_owned()),
    );
    fields.insert(
        "cwd".into(),
        Value::String(event.cwd().to_string_lossy().into_owned()),
    );
    if let Some(path) = &session.transcript_path {
        fields.insert(
            "transcript_path".into(),
            Value::String(path.to_string_lossy().into_owned()),
        );
    }
    for key in FROM_METADATA {
        if !fields.contains_key(*key)
            && let Some(value) = session.metadata.get(*key)
        {
            fields.insert((*key).to_owned(), value.clone());
        }
    }
    Value::Object(fields)
}
