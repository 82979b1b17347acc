//! The readers: every line type, problems with their line numbers, pairing.

use serde_json::{Value, json};
use tackle::hook::HookPoint;

use super::*;

fn line(value: Value) -> String {
    let mut text = value.to_string();
    text.push('\n');
    text
}

fn user(session: &str, ts: &str, content: Value) -> String {
    line(
        json!({"type": "user", "sessionId": session, "cwd": "/p", "timestamp": ts,
                "uuid": "u", "parentUuid": null, "message": {"role": "user", "content": content}}),
    )
}

fn assistant(session: &str, ts: &str, content: Value) -> String {
    line(
        json!({"type": "assistant", "sessionId": session, "cwd": "/p", "timestamp": ts,
                "uuid": "a", "message": {"role": "assistant", "content": content}}),
    )
}

fn natives(t: &Transcript) -> Vec<&str> {
    t.steps.iter().map(|s| s.native.unwrap_or("-")).collect()
}

#[test]
fn a_claude_session_becomes_the_hook_events_claude_would_send() {
    let text = [
        line(json!({"type": "summary", "summary": "Tidy", "leafUuid": "x"})),
        user("s1", "2026-01-05T10:00:00Z", json!("tidy the build")),
        assistant(
            "s1",
            "2026-01-05T10:00:04Z",
            json!([{"type": "text", "text": "Looking."},
                   {"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": "ls"}}]),
        ),
        user(
            "s1",
            "2026-01-05T10:00:05Z",
            json!([{"type": "tool_result", "tool_use_id": "t1", "content": "a b"}]),
        ),
        assistant(
            "s1",
            "2026-01-05T10:00:06Z",
            json!([{"type": "tool_use", "id": "t2", "name": "Read", "input": {"file_path": "/p/x"}}]),
        ),
        user(
            "s1",
            "2026-01-05T10:00:07Z",
            json!([{"type": "tool_result", "tool_use_id": "t2", "content": "no such file", "is_error": true}]),
        ),
        assistant("s1", "2026-01-05T10:00:08Z", json!([{"type": "text", "text": "Done."}])),
        line(json!({"type": "file-history-snapshot", "messageId": "m", "snapshot": {}})),
        user("s1", "2026-01-05T10:01:00Z", json!([{"type": "text", "text": "thanks"}])),
    ]
    .concat();
    let t = read(&text);
    assert_eq!(t.format, Some(Format::Claude));
    assert!(t.problems.is_empty(), "{:?}", t.problems);
    assert_eq!(
        natives(&t),
        [
            "SessionStart",
            "UserPromptSubmit",
            "PreToolUse",
            "PostToolUse",
            "PreToolUse",
            "PostToolUseFailure",
            "Stop",
            "UserPromptSubmit",
            "Stop",
            "SessionEnd"
        ]
    );
    assert_eq!(t.lines, 9);
    assert_eq!(t.skipped.get("summary"), Some(&1));
    assert_eq!(t.skipped.get("file-history-snapshot"), Some(&1));
    // PreToolUse runs the permission rules first, as the Claude adapter does.
    assert_eq!(
        t.steps[2].points,
        [HookPoint::PermissionRequest, HookPoint::BeforeToolCall]
    );
    assert_eq!(t.steps[2].point(), HookPoint::BeforeToolCall);
    assert_eq!(t.steps[2].fields["tool_input"]["command"], "ls");
    assert_eq!(t.steps[2].fields["session_id"], "s1");
    assert_eq!(t.steps[2].fields["cwd"], "/p");
    // The result is paired with its call by id.
    assert_eq!(t.steps[3].call.as_deref(), Some("t1"));
    assert_eq!(t.steps[3].fields["tool_name"], "Bash");
    assert_eq!(t.steps[3].fields["tool_response"], "a b");
    assert_eq!(t.steps[5].fields["error"], "no such file");
    assert_eq!(t.steps[5].point(), HookPoint::ToolFailure);
    // The turn ends at its last assistant line, with its last text.
    assert_eq!(t.steps[6].line, 7);
    assert_eq!(t.steps[6].fields["last_assistant_message"], "Done.");
    assert_eq!(t.steps[7].fields["prompt"], "thanks");
    assert_eq!(t.steps[1].time, Some(1_767_607_200.0));
    assert_eq!(t.steps[9].line, 9);
}

#[test]
fn structured_results_meta_lines_and_commands_are_told_apart() {
    let text = [
        user("s1", "2026-01-05T10:00:00Z", json!("<command-name>/clear</command-name>")),
        line(json!({"type": "user", "isMeta": true, "sessionId": "s1",
                    "message": {"role": "user", "content": "Caveat: local commands"}})),
        line(json!({"type": "user", "isCompactSummary": true, "sessionId": "s1",
                    "message": {"role": "user", "content": "This session is being continued"}})),
        assistant(
            "s1",
            "2026-01-05T10:00:01Z",
            json!([{"type": "tool_use", "id": "t1", "name": "Read", "input": {"file_path": "/p/a"}}]),
        ),
        line(json!({"type": "user", "sessionId": "s1",
                    "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "x"}]},
                    "toolUseResult": {"type": "text", "file": {"filePath": "/p/a"}}})),
    ]
    .concat();
    let t = read(&text);
    assert_eq!(
        natives(&t),
        [
            "SessionStart",
            "PreToolUse",
            "PostToolUse",
            "Stop",
            "SessionEnd"
        ]
    );
    assert_eq!(t.skipped.get("user (meta)"), Some(&3));
    assert_eq!(
        t.steps[2].fields["tool_response"]["file"]["filePath"],
        "/p/a"
    );
}

#[test]
fn malformed_lines_are_reported_with_their_numbers_and_skipped() {
    let text = [
        user("s1", "2026-01-05T10:00:00Z", json!("hi")),
        "{\"type\": \n".to_owned(),
        "\n".to_owned(),
        "[1, 2]\n".to_owned(),
        line(json!({"sessionId": "s1"})),
        user(
            "s1",
            "2026-01-05T10:00:01Z",
            json!([{"type": "tool_result", "tool_use_id": "nobody", "content": "x"}]),
        ),
        user("s1", "2026-01-05T10:00:02Z", json!("still read")),
    ]
    .concat();
    let t = read(&text);
    let lines: Vec<usize> = t.problems.iter().map(|p| p.line).collect();
    assert_eq!(lines, [2, 4, 5, 6], "{:?}", t.problems);
    assert!(
        t.problems[0].message.contains("column"),
        "{:?}",
        t.problems[0]
    );
    assert!(
        t.problems[0].message.ends_with("skipped"),
        "{:?}",
        t.problems[0]
    );
    assert!(
        t.problems[1].message.contains("JSON object"),
        "{:?}",
        t.problems[1]
    );
    assert!(
        t.problems[3].message.contains("`nobody`"),
        "{:?}",
        t.problems[3]
    );
    let prompts: Vec<&Value> = t
        .steps
        .iter()
        .filter(|s| s.native == Some("UserPromptSubmit"))
        .map(|s| &s.fields["prompt"])
        .collect();
    assert_eq!(prompts, [&json!("hi"), &json!("still read")]);
}

#[test]
fn a_huge_line_is_skipped_and_the_rest_read() {
    let huge = format!(
        "{{\"type\":\"user\",\"pad\":\"{}\"}}\n",
        "x".repeat(MAX_LINE_BYTES)
    );
    let text = [
        huge,
        user("s1", "2026-01-05T10:00:00Z", json!("after the huge line")),
    ]
    .concat();
    let t = read(&text);
    assert_eq!(t.format, Some(Format::Claude));
    assert_eq!(t.problems.len(), 1);
    assert_eq!(t.problems[0].line, 1);
    assert!(t.problems[0].message.contains("MiB"), "{:?}", t.problems[0]);
    assert_eq!(t.steps[1].fields["prompt"], "after the huge line");
}

#[test]
fn an_empty_or_unrecognised_file_has_no_format_and_no_steps() {
    let empty = read("");
    assert_eq!(empty.format, None);
    assert!(empty.steps.is_empty() && empty.problems.is_empty());
    let junk = read("hello\n{\"a\": 1}\n");
    assert_eq!(junk.format, None);
    assert!(junk.steps.is_empty());
    let lines: Vec<usize> = junk.problems.iter().map(|p| p.line).collect();
    assert_eq!(lines, [1, 2], "{:?}", junk.problems);
    // An object before any line shows the format names both formats.
    assert!(
        junk.problems[1].message.contains("Claude Code")
            && junk.problems[1].message.contains("`point`"),
        "{:?}",
        junk.problems[1]
    );
}

#[test]
fn a_file_is_read_as_a_stream_with_the_same_result_as_in_memory() {
    let text = [
        user("s1", "2026-01-05T10:00:00Z", json!("one")),
        "not json\n".to_owned(),
        assistant(
            "s1",
            "2026-01-05T10:00:01Z",
            json!([{"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": "ls"}}]),
        ),
        line(json!({"type": "summary"})),
    ]
    .concat();
    // A reader that gives three bytes at a time, as a pipe may.
    let mut reader = Reader::new(std::io::BufReader::with_capacity(3, text.as_bytes()));
    let mut items = Vec::new();
    while let Some(item) = reader.next_item().expect("readable") {
        items.push(item);
    }
    let whole = read(&text);
    let steps: Vec<&Step> = items
        .iter()
        .filter_map(|i| match i {
            Item::Step(s) => Some(s),
            _ => None,
        })
        .collect();
    assert_eq!(steps, whole.steps.iter().collect::<Vec<_>>());
    assert!(items.contains(&Item::Problem(whole.problems[0].clone())));
    assert!(items.contains(&Item::Skipped("summary".into())));
    assert_eq!((reader.format(), reader.lines()), (Some(Format::Claude), 4));
}

#[test]
fn tool_calls_awaiting_their_result_are_bounded() {
    let mut text = String::new();
    for i in 0..MAX_OPEN_CALLS + 10 {
        text.push_str(&assistant(
            "s1",
            "2026-01-05T10:00:00Z",
            json!([{"type": "tool_use", "id": format!("t{i}"), "name": "Bash", "input": {"command": "ls"}}]),
        ));
    }
    // The first calls were forgotten, the last still pair.
    text.push_str(&user(
        "s1",
        "2026-01-05T10:00:01Z",
        json!([{"type": "tool_result", "tool_use_id": "t0", "content": "x"},
               {"type": "tool_result", "tool_use_id": format!("t{}", MAX_OPEN_CALLS + 9), "content": "y"}]),
    ));
    let t = read(&text);
    let forgotten = t
        .problems
        .iter()
        .filter(|p| p.message.contains("is forgotten"))
        .count();
    assert_eq!(forgotten, 10, "{:?}", t.problems.first());
    assert!(
        t.problems
            .iter()
            .any(|p| p.message.contains("`t0`, which no earlier"))
    );
    let results = t
        .steps
        .iter()
        .filter(|s| s.native == Some("PostToolUse"))
        .count();
    assert_eq!(results, 1);
}

#[test]
fn a_new_session_id_ends_the_session_before() {
    let text = [
        user("s1", "2026-01-05T10:00:00Z", json!("one")),
        user("s2", "2026-01-05T11:00:00Z", json!("two")),
    ]
    .concat();
    let t = read(&text);
    assert_eq!(
        natives(&t),
        [
            "SessionStart",
            "UserPromptSubmit",
            "Stop",
            "SessionEnd",
            "SessionStart",
            "UserPromptSubmit",
            "Stop",
            "SessionEnd"
        ]
    );
    let sessions: Vec<&str> = t.steps.iter().map(Step::session_id).collect();
    assert_eq!(sessions, ["s1", "s1", "s1", "s1", "s2", "s2", "s2", "s2"]);
}

fn record(point: &str, event: Value, outcome: Value) -> String {
    line(
        json!({"ts": 1_767_607_200.5, "point": point, "session_id": "s1", "event": event, "outcome": outcome}),
    )
}

#[test]
fn an_event_log_keeps_points_events_and_recorded_outcomes() {
    let deny = json!({"point": "before_tool_call", "hooks_run": 1, "verdict": "deny", "reason": "no",
                      "decided_by": {"by": "hook", "hook": {"plugin": "guard", "name": "refuse_destructive"}}});
    let ask = json!({"point": "permission_request", "hooks_run": 0, "verdict": "ask",
                     "decided_by": {"by": "rule", "origin": "plugin `guard`", "index": 1, "rule": "ask Bash \"git push*\""}});
    let text = [
        record("session_start", json!({"session_id": "s1", "cwd": "/p"}), json!({"verdict": "abstain"})),
        record("permission_request", json!({"cwd": "/p", "tool_name": "Bash", "arguments": {"command": "git push"}}), ask),
        record("before_tool_call", json!({"session_id": "s1", "cwd": "/p", "tool_name": "Bash", "arguments": {"command": "sudo ls"}}), deny),
        record("after_tool_call", json!({"session_id": "s1", "tool_name": "Bash", "arguments": {}, "response": "ok"}), json!({"verdict": "abstain"})),
        record("event", json!({}), json!({})),
        record("no_such_point", json!({}), json!({})),
        line(json!({"ts": 1.0, "point": "stop"})),
    ]
    .concat();
    let t = read(&text);
    assert_eq!(t.format, Some(Format::Log));
    assert_eq!(t.steps.len(), 4);
    assert_eq!(t.steps[1].points, [HookPoint::PermissionRequest]);
    // The record's session fills an event without one.
    assert_eq!(t.steps[1].fields["session_id"], "s1");
    let recorded = t.steps[2].recorded.as_ref().expect("recorded");
    assert_eq!(recorded.verdict, Ruling::Deny);
    assert_eq!(
        recorded.decided_by.as_deref(),
        Some("guard::refuse_destructive")
    );
    let rule = t.steps[1].recorded.as_ref().expect("recorded");
    assert_eq!(rule.verdict, Ruling::Ask);
    assert!(
        rule.decided_by
            .as_deref()
            .is_some_and(|d| d.contains("git push*")),
        "{rule:?}"
    );
    // Permission, call and result of one call share a key.
    assert_eq!(t.steps[1].call, t.steps[2].call);
    assert_eq!(t.steps[2].call, t.steps[3].call);
    assert!(t.steps[1].call.is_some());
    assert_eq!(t.steps[0].time, Some(1_767_607_200.5));
    assert_eq!(t.skipped.get("event"), Some(&1));
    let lines: Vec<usize> = t.problems.iter().map(|p| p.line).collect();
    assert_eq!(lines, [6, 7], "{:?}", t.problems);
    assert!(
        t.problems[0].message.contains("unknown hook point"),
        "{:?}",
        t.problems[0]
    );
}

#[test]
fn log_calls_without_ids_pair_in_order() {
    let bash =
        |cmd: &str| json!({"session_id": "s1", "tool_name": "Bash", "arguments": {"command": cmd}});
    let none = json!({"verdict": "abstain"});
    let text = [
        record("before_tool_call", bash("a"), none.clone()),
        record("before_tool_call", bash("b"), none.clone()),
        record("after_tool_call", bash("b"), none.clone()),
        record(
            "before_tool_call",
            json!({"tool_name": "Bash", "tool_use_id": "x"}),
            none.clone(),
        ),
        record(
            "after_tool_call",
            json!({"tool_name": "Bash", "tool_use_id": "x"}),
            none,
        ),
    ]
    .concat();
    let t = read(&text);
    let calls: Vec<Option<&str>> = t.steps.iter().map(|s| s.call.as_deref()).collect();
    assert_ne!(calls[0], calls[1], "a second call is a new call");
    assert_eq!(calls[1], calls[2]);
    assert_eq!(calls[3], Some("x"));
    assert_eq!(calls[4], Some("x"));
}

/// The audit logger's records read back as the events they were.
#[test]
fn an_audit_record_round_trips_into_the_same_event() {
    use tackle::hook::{AnyEvent, BeforeToolCall, Outcome};
    let event = BeforeToolCall {
        session_id: "s9".into(),
        cwd: "/w".into(),
        tool_name: "Edit".into(),
        arguments: json!({"file_path": "/w/a.rs", "old_string": "x", "new_string": "y"}),
        tool_use_id: Some("toolu_1".into()),
        ..BeforeToolCall::default()
    };
    let outcome = Outcome::new(HookPoint::BeforeToolCall);
    let any = AnyEvent::new(&event, &outcome);
    // The record the audit logger writes for it.
    let record = json!({"ts": 1.5, "point": any.point(), "session_id": any.session_id(),
                        "event": any.to_json(), "outcome": any.outcome()});
    let t = read(&line(record));
    assert_eq!(t.format, Some(Format::Log));
    let back: BeforeToolCall =
        serde_json::from_value(t.steps[0].fields.clone()).expect("reads back");
    assert_eq!(back, event);
    assert_eq!(
        t.steps[0].recorded.as_ref().map(|r| r.verdict),
        Some(Ruling::Abstain)
    );
    assert_eq!(t.steps[0].call.as_deref(), Some("toolu_1"));
}
