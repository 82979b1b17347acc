//! The tool [`HOOK_TOOL`]: agents' hook events sent as an MCP tool call
//! (Claude Code's and Codex's `mcp_tool` hooks), answered by the server's
//! [`ServedHooks`] with the agent's JSON reply as the call's text.
//!
//! Such a hook cannot send the event whole: its `input` is an object whose
//! string values name fields of the event (`"${tool_input}"`), and Claude
//! Code turns an object named that way into its JSON text. So the
//! arguments say which fields are text and which are JSON, and the event
//! is put back together here:
//!
//! ```json
//! {"agent": "claude", "event": "PreToolUse",
//!  "text": {"session_id": "${session_id}", "tool_name": "${tool_name}"},
//!  "json": {"tool_input": "${tool_input}"},
//!  "key": "<the package's hook key>"}
//! ```
//!
//! The server serves the tool only when started with the package's hook
//! key ([`HookKey`]), and answers only calls that carry it.
//!
//! A field the event lacks arrives empty and is left out; a `json` value
//! that is not a string (Codex keeps a lone placeholder's type) is taken
//! as it is, and one that is not JSON stays text, for the event's reader
//! to judge.

use std::sync::Arc;

use rmcp::model::{CallToolResult, ContentBlock, JsonObject};
use serde::Deserialize;
use serde_json::{Map, Value};
use tackle_host::Host;
use tackle_host::served_hooks::{
    HOOK_TOOL, HookBody, HookKey, ServedAnswer, ServedEvent, ServedHooks,
};

/// The arguments of a call of [`HOOK_TOOL`].
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Arguments {
    /// The agent, as `hook <agent> <event>` names it.
    agent: String,
    /// The agent's own name of the event.
    event: String,
    /// Fields whose values are text.
    #[serde(default)]
    text: Map<String, Value>,
    /// Fields whose values are JSON, or JSON text.
    #[serde(default)]
    json: Map<String, Value>,
    /// The package's hook key ([`HookKey`]).
    #[serde(default)]
    key: String,
}

impl Arguments {
    /// The event, put back together.
    fn event(self) -> (String, String, Map<String, Value>) {
        let Arguments {
            agent,
            event,
            text,
            json,
            key: _,
        } = self;
        let mut fields = Map::new();
        for (key, value) in text {
            match value {
                Value::String(s) if s.is_empty() => {}
                value => {
                    fields.insert(key, value);
                }
            }
        }
        for (key, value) in json {
            match value {
                Value::String(s) if s.is_empty() => {}
                Value::String(s) => {
                    let value = serde_json::from_str(&s).unwrap_or(Value::String(s));
                    fields.insert(key, value);
                }
                value => {
                    fields.insert(key, value);
                }
            }
        }
        (agent, event, fields)
    }
}

/// Answers one call of [`HOOK_TOOL`]: the agent's JSON reply as its text,
/// or `isError` saying why there is none (the agent's `onFailure` then
/// decides).
pub(crate) async fn call(
    served: &Arc<dyn ServedHooks>,
    key: &HookKey,
    host: &Arc<Host>,
    arguments: Option<JsonObject>,
) -> CallToolResult {
    let arguments: Arguments = match serde_json::from_value(Value::Object(
        arguments.unwrap_or_default(),
    )) {
        Ok(arguments) => arguments,
        Err(e) => {
            return CallToolResult::error(vec![ContentBlock::text(format!(
                "`{HOOK_TOOL}` takes {{\"agent\", \"event\", \"text\": {{...}}, \"json\": {{...}}}}: {e}"
            ))]);
        }
    };
    // Before anything of the event is read: a call without the package's
    // key is no hook entry's, whatever it holds.
    if !key.matches(&arguments.key) {
        tracing::warn!(target: "tackle::hooks", "a call of `{HOOK_TOOL}` without the package's hook key was refused");
        return CallToolResult::error(vec![ContentBlock::text(format!(
            "`{HOOK_TOOL}` answers only the package's own hook entries, which send its hook key; this call's key is missing or wrong"
        ))]);
    }
    let (agent, event, fields) = arguments.event();
    let call = ServedEvent {
        agent,
        event,
        body: HookBody::Fields(fields),
    };
    match served.answer(host.clone(), call).await {
        ServedAnswer::Reply { json, notes } => {
            for note in notes {
                tracing::warn!(target: "tackle::hooks", "{note}");
            }
            CallToolResult::success(vec![ContentBlock::text(json)])
        }
        ServedAnswer::Unknown(message) | ServedAnswer::Failed(message) => {
            CallToolResult::error(vec![ContentBlock::text(message)])
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_event_is_put_back_with_its_json_fields_parsed_and_empty_ones_left_out() {
        let arguments: Arguments = serde_json::from_value(json!({
            "agent": "claude",
            "event": "PreToolUse",
            "text": {"session_id": "s1", "tool_name": "Bash", "agent_id": "", "prompt": "{\"a\": 1}"},
            "json": {
                "tool_input": "{\"command\":\"ls\"}",
                "tool_response": "",
                "duration_ms": "12",
                "kept": {"already": "json"},
                "broken": "{not json",
            },
        }))
        .expect("reads");
        let (agent, event, fields) = arguments.event();
        assert_eq!((agent.as_str(), event.as_str()), ("claude", "PreToolUse"));
        assert_eq!(
            Value::Object(fields),
            json!({
                "session_id": "s1",
                "tool_name": "Bash",
                "prompt": "{\"a\": 1}",
                "tool_input": {"command": "ls"},
                "duration_ms": 12,
                "kept": {"already": "json"},
                "broken": "{not json",
            })
        );
    }
}
