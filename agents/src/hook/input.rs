//! Reading an agent's event: stdin with a cap, JSON, and each agent's
//! quirks smoothed into the shape tackle's typed events read.

use std::io::Read;

use serde_json::{Map, Value};
use tackle::hook::{HookDef, SessionInfo};

use crate::{NativeEvent, tools};
use tackle_host::matcher::{ArgsGlob, Matcher};

/// The most a hook reads from stdin. Events carry tool inputs and outputs
/// (a written file, a command's output), so the cap is generous, but an
/// agent that streams without end cannot make the binary eat its memory.
pub const MAX_INPUT_BYTES: u64 = 16 * 1024 * 1024;

/// Reads the whole event, or says why not.
pub fn read(mut input: impl Read, cap: u64) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::with_capacity(4096);
    input
        .by_ref()
        .take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read the event from stdin: {e}"))?;
    if bytes.len() as u64 > cap {
        return Err(format!(
            "the event on stdin is larger than {} MiB; tackle reads no more",
            cap / (1024 * 1024)
        ));
    }
    Ok(bytes)
}

/// The event as a JSON object, with the agent's quirks smoothed (its
/// `Protocol::read`: Copilot's
/// camelCase keys and string-encoded arguments, ...), and built-in tool names
/// turned into Claude Code's (the agent's own name is kept in the session
/// metadata as `native_tool_name`). Also the session facts the payload
/// carries.
pub fn parse(event: NativeEvent, bytes: &[u8]) -> Result<NativeInput, String> {
    parse_object(event, object(bytes, "stdin")?)
}

/// `bytes`, read `from` somewhere (`stdin`, `the request's body`), as the
/// JSON object an event is, or why not.
pub fn object(bytes: &[u8], from: &str) -> Result<Map<String, Value>, String> {
    let value: Value = serde_json::from_slice(bytes).map_err(|e| {
        if bytes.iter().all(u8::is_ascii_whitespace) {
            format!("{from} is empty; the agent sends the event as JSON there")
        } else {
            format!("the event on {from} is not valid JSON: {e}")
        }
    })?;
    match value {
        Value::Object(fields) => Ok(fields),
        other => Err(format!(
            "the event on {from} must be a JSON object, found {}",
            tackle::Problem::show_value(&other)
        )),
    }
}

/// [`parse`] of an event already read as an object (an MCP tool's
/// arguments put back together).
pub fn parse_object(
    event: NativeEvent,
    mut fields: Map<String, Value>,
) -> Result<NativeInput, String> {
    let agent = event.agent();
    let protocol = agent.protocol();
    super::rename::rename(&mut fields, protocol.card().renames);
    protocol.read(&mut fields)?;
    let mut metadata = Map::new();
    metadata.insert(
        "native_event".into(),
        Value::String(event.name().to_owned()),
    );
    for key in ["tool_name", "toolName", "tool"] {
        if let Some(Value::String(name)) = fields.get(key)
            && let Some(canonical) = tools::canonical(agent, name)
        {
            metadata.insert("native_tool_name".into(), Value::String(name.clone()));
            fields.insert(key.to_owned(), Value::String(canonical.to_owned()));
        }
    }
    for key in [
        "permission_mode",
        "agent_id",
        "agent_type",
        "turn_id",
        "hook_event_name",
    ] {
        if let Some(value) = fields.get(key) {
            metadata.insert(key.to_owned(), value.clone());
        }
    }
    let text = |key: &str| fields.get(key).and_then(Value::as_str).map(str::to_owned);
    let mut session = SessionInfo {
        agent: Some(agent.name().to_owned()),
        model: text("model"),
        transcript_path: text("transcript_path").map(Into::into),
        metadata,
        ..SessionInfo::default()
    };
    protocol.read_session(&fields, &mut session);
    Ok(NativeInput {
        fields: Value::Object(fields),
        session,
    })
}

/// One event as the agent sent it to the hook, read: its JSON with the
/// agent's quirks smoothed, and the session facts it carries.
#[derive(Debug)]
pub struct NativeInput {
    /// The event's JSON, quirks smoothed.
    pub fields: Value,
    /// What hooks see through `HookContext` beyond the event.
    pub session: SessionInfo,
}

impl NativeInput {
    /// Whether `hook` could want this payload, read as far as it can be
    /// (it may not fit the hook's event): its `matcher` on the subject and
    /// its `args` glob on the arguments, each applied only where the
    /// payload holds that field, under any of its spellings, in a shape
    /// the filter reads. A filter that cannot be applied, or does not
    /// compile, counts as wanting it.
    pub(crate) fn may_want(&self, hook: &HookDef) -> bool {
        let field = |name: Option<&str>| {
            let name = name?;
            let field = hook.point.fields().iter().find(|f| f.name == name)?;
            field.spellings().find_map(|s| self.fields.get(s))
        };
        let (Ok(matcher), Ok(glob)) =
            (Matcher::compile(hook.matcher), ArgsGlob::compile(hook.args))
        else {
            return true;
        };
        let subject = match field(hook.point.matcher_field()) {
            Some(Value::String(subject)) => Some(subject.as_str()),
            _ if matches!(matcher, Matcher::Any) => None,
            _ => return true,
        };
        let arguments = field(hook.point.args_field());
        matcher.matches(subject) && glob.is_none_or(|g| arguments.is_none() || g.matches(arguments))
    }

    /// Whether the payload's `field` is the string `value`.
    pub(crate) fn has(&self, field: &str, value: &str) -> bool {
        self.fields.get(field).and_then(Value::as_str) == Some(value)
    }
}

/// [`parse`] of `agent`'s event named `event`, which must be one of its.
#[cfg(test)]
pub(crate) fn parse_named(
    agent: crate::Agent,
    event: &str,
    bytes: &[u8],
) -> Result<NativeInput, String> {
    let event = NativeEvent::parse(agent, event)
        .unwrap_or_else(|| panic!("{agent} has no event `{event}`"));
    parse(event, bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Agent;

    #[test]
    fn reading_stops_at_the_cap_and_says_so() {
        let big = [b' '; 11];
        assert_eq!(read(&big[..10], 10).map(|b| b.len()), Ok(10));
        let err = read(&big[..], 10).expect_err("over the cap");
        assert!(err.contains("larger than"), "{err}");
    }

    #[test]
    fn bad_json_says_what_is_wrong() {
        let err = parse_named(Agent::Claude, "PreToolUse", b"{not json").expect_err("bad");
        assert!(err.contains("not valid JSON"), "{err}");
        let err = parse_named(Agent::Claude, "PreToolUse", b"  \n").expect_err("empty");
        assert!(err.contains("stdin is empty"), "{err}");
        let err = parse_named(Agent::Claude, "PreToolUse", b"[1]").expect_err("array");
        assert!(err.contains("must be a JSON object"), "{err}");
    }

    #[test]
    fn tool_names_become_claudes_and_the_native_name_is_kept() {
        let p = parse_named(
            Agent::Gemini,
            "BeforeTool",
            br#"{"tool_name":"run_shell_command","tool_input":{"command":"ls"},"transcript_path":"/t"}"#,
        )
        .expect("reads");
        assert_eq!(p.fields["tool_name"], "Bash");
        assert_eq!(p.session.metadata["native_tool_name"], "run_shell_command");
        assert_eq!(p.session.agent.as_deref(), Some("gemini"));
        assert_eq!(p.session.transcript_path.as_deref(), Some("/t".as_ref()));
    }

    #[test]
    fn copilot_arguments_are_decoded_from_their_string() {
        let p = parse_named(
            Agent::Copilot,
            "preToolUse",
            br#"{"sessionId":"c1","toolName":"bash","toolArgs":"{\"command\":\"ls\"}"}"#,
        )
        .expect("reads");
        assert_eq!(p.fields["toolArgs"]["command"], "ls");
        assert_eq!(p.fields["toolName"], "Bash");
        assert_eq!(p.fields["session_id"], "c1");
        let err = parse_named(Agent::Copilot, "preToolUse", br#"{"toolArgs":"{oops"}"#)
            .expect_err("bad args");
        assert!(err.contains("`toolArgs`"), "{err}");
    }

    #[test]
    fn copilot_errors_become_their_name_and_message() {
        let p = parse_named(
            Agent::Copilot,
            "errorOccurred",
            br#"{"error":{"message":"overloaded","name":"APIError","stack":"at x"}}"#,
        )
        .expect("reads");
        assert_eq!(p.fields["error"], "APIError: overloaded");
    }

    #[test]
    fn gemini_and_kimi_fields_get_the_names_the_events_read() {
        let p = parse_named(
            Agent::Gemini,
            "AfterModel",
            br#"{"prompt_response":"done","llm_request":{"model":"m"},"llm_response":{"text":"t"}}"#,
        )
        .expect("reads");
        assert_eq!(p.fields["last_assistant_message"], "done");
        assert_eq!(p.fields["request"]["model"], "m");
        assert_eq!(p.fields["response"]["text"], "t");
        let p = parse_named(
            Agent::Kimi,
            "SubagentStop",
            br#"{"agent_name":"coder","response":"ok","error_type":"E","error_message":"boom","body":"b"}"#,
        )
        .expect("reads");
        assert_eq!(p.fields["agent_type"], "coder");
        assert_eq!(p.fields["last_assistant_message"], "ok");
        assert_eq!(p.fields["error"], "E: boom");
        assert_eq!(p.fields["message"], "b");
        // A field the payload already has is not overwritten.
        let p = parse_named(
            Agent::Kimi,
            "Notification",
            br#"{"message":"m","body":"b"}"#,
        )
        .expect("reads");
        assert_eq!(p.fields["message"], "m");
    }

    #[test]
    fn superqode_lifecycle_context_fills_the_session() {
        let p = parse_named(
            Agent::SuperQode,
            "before_tool_call",
            br#"{"session_id":"s","provider":"openai","model":"m","iteration":3,
                "metadata":{"harness_id":"core","native_event":"x"},
                "tool_name":"read_file","arguments":{"path":"a"}}"#,
        )
        .expect("reads");
        assert_eq!(p.session.provider.as_deref(), Some("openai"));
        assert_eq!(p.session.model.as_deref(), Some("m"));
        assert_eq!(p.session.iteration, 3);
        assert_eq!(p.session.metadata["harness_id"], "core");
        assert_eq!(p.session.metadata["native_event"], "before_tool_call");
        assert_eq!(p.session.metadata["native_tool_name"], "read_file");
        assert_eq!(p.fields["tool_name"], "Read");
    }
}
