//! The hook benchmark's PreToolUse event in the shapes `hooks-served`
//! sends it (bench/hooks_served.sh), and the check of each answer.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// What the policy must decide for an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    /// `permissionDecision: "deny"`.
    Deny,
    /// No decision: `{}` or nothing at all.
    Allow,
}

/// One payload of `../shared/bench/payloads`.
#[derive(Debug, Clone)]
pub struct Event {
    /// `deny` or `allow`, for the report.
    pub label: &'static str,
    pub expect: Expect,
    /// The event as Claude Code writes it to a hook's stdin or POSTs it.
    pub body: Vec<u8>,
    /// Its top-level fields.
    pub fields: Map<String, Value>,
}

impl Event {
    /// Reads an event (a JSON object) from `body`.
    pub fn parse(label: &'static str, expect: Expect, body: Vec<u8>) -> Result<Event, String> {
        let fields = serde_json::from_slice(&body)
            .map_err(|e| format!("the {label} payload is not a JSON object: {e}"))?;
        Ok(Event {
            label,
            expect,
            body,
            fields,
        })
    }

    /// The event's name (`hook_event_name`).
    pub fn name(&self) -> Result<&str, String> {
        self.fields
            .get("hook_event_name")
            .and_then(Value::as_str)
            .ok_or(format!("the {} payload has no hook_event_name", self.label))
    }

    /// The arguments of `tackle_hook` as Claude Code's `mcp_tool` hook
    /// sends them: string fields as they are, every other field (the
    /// `tool_input` object) as its JSON text.
    pub fn hook_tool_arguments(&self) -> Result<HookToolArguments<'_>, String> {
        let mut text = Map::new();
        let mut json = Map::new();
        for (key, value) in &self.fields {
            match value {
                Value::String(_) => text.insert(key.clone(), value.clone()),
                other => json.insert(key.clone(), Value::String(other.to_string())),
            };
        }
        Ok(HookToolArguments {
            agent: "claude",
            event: self.name()?,
            text,
            json,
            key: HOOK_KEY,
        })
    }

    /// `Ok` when `answer` (a hook's stdout, an HTTP body, a tool call's
    /// text) is what the policy must decide for this event.
    pub fn check(&self, answer: &[u8]) -> Result<(), String> {
        let decision = decision(answer)?;
        match (self.expect, decision.as_deref()) {
            (Expect::Deny, Some("deny")) | (Expect::Allow, None) => Ok(()),
            (expect, got) => Err(format!(
                "the {} payload wants {expect:?}, the answer was {got:?}: {}",
                self.label,
                String::from_utf8_lossy(answer)
            )),
        }
    }
}

/// The hook key the bench's server is started with (`mcp --hook-key`), as
/// an exported package's server entry starts it.
pub const HOOK_KEY: &str = "0123456789abcdef0123456789abcdef";

/// `tackle_hook`'s arguments (see mcp/src/served/hook_tool.rs).
#[derive(Debug, Serialize)]
pub struct HookToolArguments<'a> {
    pub agent: &'a str,
    pub event: &'a str,
    pub text: Map<String, Value>,
    pub json: Map<String, Value>,
    pub key: &'a str,
}

/// Claude Code's PreToolUse answer, as far as the check reads it.
#[derive(Debug, Deserialize)]
struct Answer {
    #[serde(rename = "hookSpecificOutput")]
    specific: Option<Specific>,
}

#[derive(Debug, Deserialize)]
struct Specific {
    #[serde(rename = "permissionDecision")]
    decision: Option<String>,
}

/// The answer's `permissionDecision`; none for an empty answer.
fn decision(answer: &[u8]) -> Result<Option<String>, String> {
    if answer.iter().all(u8::is_ascii_whitespace) {
        return Ok(None);
    }
    let answer: Answer = serde_json::from_slice(answer).map_err(|e| {
        format!(
            "the answer is not Claude Code's hook JSON ({e}): {}",
            String::from_utf8_lossy(answer)
        )
    })?;
    Ok(answer.specific.and_then(|s| s.decision))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn deny_event() -> Event {
        let body = br#"{"session_id":"s1","cwd":"/tmp","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /"}}"#;
        Event::parse("deny", Expect::Deny, body.to_vec()).expect("parses")
    }

    #[test]
    fn objects_go_as_json_text_and_strings_as_text() {
        let event = deny_event();
        let arguments =
            serde_json::to_value(event.hook_tool_arguments().expect("named")).expect("serializes");
        assert_eq!(
            arguments,
            json!({
                "agent": "claude",
                "event": "PreToolUse",
                "text": {"session_id": "s1", "cwd": "/tmp", "hook_event_name": "PreToolUse", "tool_name": "Bash"},
                "json": {"tool_input": "{\"command\":\"rm -rf /\"}"},
                "key": HOOK_KEY,
            })
        );
    }

    #[test]
    fn a_deny_needs_the_deny_decision_and_an_allow_none() {
        let deny = deny_event();
        let denied =
            br#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}"#;
        assert_eq!(deny.check(denied), Ok(()));
        assert!(deny.check(b"{}").is_err());
        assert!(deny.check(b"").is_err());
        assert!(deny.check(b"not json").is_err());

        let allow = Event {
            expect: Expect::Allow,
            ..deny
        };
        assert_eq!(allow.check(b"{}"), Ok(()));
        assert_eq!(allow.check(b"\n"), Ok(()));
        assert!(allow.check(denied).is_err());
    }
}
