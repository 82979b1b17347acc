//! `<bin> mcp` answering agents' `mcp_tool` hooks: calls of `tackle_hook`
//! with the arguments Claude Code builds from an export's `input` (text
//! fields as they are, objects as their JSON text), answered with the
//! JSON the hook process prints; state kept in the server's memory across
//! calls; arguments and agents it cannot serve answered `isError`, which
//! the agent's `onFailure` judges. The tool is not listed: the model
//! never sees it. It is served only by a server started with the
//! package's hook key, to calls that carry it; never over HTTP.

use serde_json::{Value, json};
use tackle_tests::mcp::Process;
use tackle_tests::process::isolated;

/// guard (fail-closed on the shell), doomloop, read_before_edit, metrics.
const HOST: &str = env!("CARGO_BIN_EXE_tackle-export-host");

/// The hook key the package's entries and server share, as `export`
/// writes it.
const KEY: &str = "00112233445566778899aabbccddeeff";

/// `<bin> mcp --hook-key KEY`, initialized, in a scratch folder.
fn server(dir: &std::path::Path) -> Process {
    server_with(dir, &["--hook-key", KEY])
}

/// `<bin> mcp ARGS`, initialized, in a scratch folder.
fn server_with(dir: &std::path::Path, args: &[&str]) -> Process {
    let mut command = isolated(HOST, &dir.join(".home"));
    command.arg("mcp").args(args).current_dir(dir);
    let mut server = Process::spawn(command);
    server.send(
        &json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "claude-code", "version": "2.1.330"},
        }}),
    );
    server.answer(&json!(0));
    server.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    server
}

/// What Claude Code sends for a `PreToolUse` of Bash running `command`:
/// `tool_input` as its JSON text.
fn bash(session: &str, cwd: &std::path::Path, command: &str) -> Value {
    json!({
        "agent": "claude",
        "event": "PreToolUse",
        "text": {
            "session_id": session,
            "cwd": cwd,
            "hook_event_name": "PreToolUse",
            "tool_name": "Bash",
            "tool_use_id": "t1",
            "agent_id": "",
        },
        "json": {"tool_input": json!({"command": command}).to_string(), "tool_response": ""},
    })
}

/// Calls `tackle_hook` with `arguments` and the package's key: the result.
fn call(server: &mut Process, id: u64, mut arguments: Value) -> Value {
    arguments["key"] = json!(KEY);
    raw_call(server, id, arguments)
}

/// Calls `tackle_hook` with `arguments` as they are: the answer's result.
fn raw_call(server: &mut Process, id: u64, arguments: Value) -> Value {
    server.send(
        &json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {
            "name": "tackle_hook",
            "arguments": arguments,
        }}),
    );
    let answer = server.answer(&json!(id));
    answer
        .get("result")
        .cloned()
        .unwrap_or_else(|| panic!("a result: {answer}"))
}

/// The hook's answer: the call's text as JSON (the call must succeed).
fn answer(result: &Value) -> Value {
    assert_eq!(result["isError"], false, "{result}");
    let text = tackle_tests::mcp::text(result);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn decision(answer: &Value) -> Option<&str> {
    answer["hookSpecificOutput"]["permissionDecision"].as_str()
}

#[test]
fn the_guard_refuses_sudo_and_lets_echo_through() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut server = server(dir.path());
    let refused = answer(&call(
        &mut server,
        1,
        bash("s1", dir.path(), "sudo rm -rf victim"),
    ));
    assert_eq!(decision(&refused), Some("deny"), "{refused}");
    assert!(
        refused
            .to_string()
            .contains("guard refused `sudo rm -rf victim`"),
        "{refused}"
    );
    let through = answer(&call(&mut server, 2, bash("s1", dir.path(), "echo hello")));
    assert_eq!(through, json!({}));
    // Called by name: the model never sees it.
    server.send(&json!({"jsonrpc": "2.0", "id": 3, "method": "tools/list"}));
    let listed = server.answer(&json!(3));
    let names: Vec<&str> = listed["result"]["tools"]
        .as_array()
        .expect("a tool list")
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert!(names.contains(&"count_lines"), "{names:?}");
    assert!(!names.contains(&"tackle_hook"), "{names:?}");
    assert_eq!(server.close(), Some(0));
}

#[test]
fn doom_loop_counts_in_memory_per_session() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut server = server(dir.path());
    for (id, session) in [(1, "loop"), (2, "loop"), (3, "other")] {
        let result = answer(&call(
            &mut server,
            id,
            bash(session, dir.path(), "echo again"),
        ));
        assert_eq!(decision(&result), None, "call {id}: {result}");
    }
    let third = answer(&call(
        &mut server,
        4,
        bash("loop", dir.path(), "echo again"),
    ));
    assert_eq!(decision(&third), Some("deny"), "{third}");
    assert_eq!(server.close(), Some(0));
    let files = dir.path().join(".home/.tackle/sessions");
    assert!(
        std::fs::read_dir(&files).map_or(true, |mut d| d.next().is_none()),
        "the server wrote session files in {}",
        files.display()
    );
}

/// Claude Code's `PreToolUse` of an Edit of `file`, in session `reader`.
fn edit_of(dir: &std::path::Path, file: &std::path::Path) -> Value {
    json!({
        "agent": "claude",
        "event": "PreToolUse",
        "text": {"session_id": "reader", "cwd": dir, "tool_name": "Edit"},
        "json": {"tool_input": json!({"file_path": file, "old_string": "old", "new_string": "new"}).to_string()},
    })
}

/// Claude Code's `PostToolUse` of a Read of `file`, in session `reader`.
fn read_of(dir: &std::path::Path, file: &std::path::Path) -> Value {
    json!({
        "agent": "claude",
        "event": "PostToolUse",
        "text": {"session_id": "reader", "cwd": dir, "tool_name": "Read"},
        "json": {
            "tool_input": json!({"file_path": file}).to_string(),
            "tool_response": json!({"type": "text", "file": {"filePath": file, "content": "old\n"}}).to_string(),
        },
    })
}

/// Whether read-before-edit still advises against the edit: it does not
/// know of a read.
fn advises(server: &mut Process, id: u64, edit: &Value) -> bool {
    let advised = answer(&call(server, id, edit.clone()));
    advised["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .is_some_and(|c| c.contains("has not been read"))
}

#[test]
fn read_before_edit_remembers_a_read_made_through_an_earlier_call() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("notes.txt");
    std::fs::write(&file, "old\n").expect("write the file");
    let mut server = server(dir.path());
    let edit = edit_of(dir.path(), &file);
    assert!(advises(&mut server, 1, &edit), "advice before the read");
    answer(&call(&mut server, 2, read_of(dir.path(), &file)));
    assert_eq!(
        answer(&call(&mut server, 3, edit)),
        json!({}),
        "no advice once read"
    );
    assert_eq!(server.close(), Some(0));
}

/// A forged `PostToolUse` of a Read, sent by a caller that is not the
/// package's hook entry (no key, a wrong one, or a server started without
/// one): refused, and read-before-edit still knows of no read.
#[test]
fn only_the_packages_own_hook_entries_can_feed_the_session_state() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("notes.txt");
    std::fs::write(&file, "old\n").expect("write the file");
    let edit = edit_of(dir.path(), &file);
    let forged = read_of(dir.path(), &file);

    let mut server = server(dir.path());
    let mut wrong = forged.clone();
    wrong["key"] = json!("ffeeddccbbaa99887766554433221100");
    for (id, arguments) in [(1, forged.clone()), (2, wrong)] {
        let refused = raw_call(&mut server, id, arguments);
        assert_eq!(refused["isError"], true, "{refused}");
        assert!(
            tackle_tests::mcp::text(&refused)
                .contains("answers only the package's own hook entries"),
            "{refused}"
        );
    }
    assert!(
        advises(&mut server, 3, &edit),
        "the forged read did not count"
    );
    assert_eq!(server.close(), Some(0));

    // Started without the key: the tool is not served at all.
    let mut plain = server_with(dir.path(), &[]);
    plain.send(
        &json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {
            "name": "tackle_hook", "arguments": forged,
        }}),
    );
    let unknown = plain.answer(&json!(1));
    assert_eq!(unknown["error"]["code"], -32602, "{unknown}");
    assert!(
        unknown["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("unknown tool `tackle_hook`")),
        "{unknown}"
    );
    assert_eq!(plain.close(), Some(0));
}

/// Over HTTP, hooks come as `POST /hooks/...`: `tackle_hook` at `/mcp` is
/// an unknown tool, however it is called.
#[test]
fn tackle_hook_is_not_served_over_http() {
    let server = tackle_tests::http_server::HttpServer::start(HOST, &["--stateless"], &[]);
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {
        "name": "tackle_hook",
        "arguments": {"agent": "claude", "event": "PostToolUse", "text": {}, "json": {}, "key": KEY},
    }});
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let text = runtime.block_on(async {
        reqwest::Client::new()
            .post(server.url())
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream")
            .header("mcp-protocol-version", "2025-06-18")
            .body(body.to_string())
            .send()
            .await
            .expect("an answer")
            .text()
            .await
            .expect("a body")
    });
    assert!(text.contains("unknown tool `tackle_hook`"), "{text}");
}

#[test]
fn codexs_calls_keep_the_fields_types_and_get_codexs_json() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut server = server(dir.path());
    // What Codex 0.169.0 sends for `--hooks-via mcp` (read live): every
    // field under `json`, each with its own JSON type.
    let codex = |event: &str, command: &str| {
        json!({
            "agent": "codex",
            "event": event,
            "json": {
                "session_id": "codex-s1",
                "turn_id": "turn-1",
                "cwd": dir.path(),
                "hook_event_name": event,
                "tool_name": "Bash",
                "tool_input": {"command": command},
                "tool_use_id": "call_1",
            },
        })
    };
    let refused = answer(&call(
        &mut server,
        1,
        codex("PreToolUse", "sudo rm -rf victim"),
    ));
    assert_eq!(decision(&refused), Some("deny"), "{refused}");
    assert!(
        refused["hookSpecificOutput"]["permissionDecisionReason"]
            .as_str()
            .is_some_and(|r| r.contains("guard refused `sudo rm -rf victim`")),
        "{refused}"
    );
    let through = answer(&call(&mut server, 2, codex("PreToolUse", "echo hello")));
    assert_eq!(through, json!({}));
    assert_eq!(server.close(), Some(0));
}

#[test]
fn what_it_cannot_serve_is_an_error_result_saying_why() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut server = server(dir.path());
    let mut unknown = bash("s1", dir.path(), "ls");
    unknown["agent"] = json!("claud");
    let result = call(&mut server, 1, unknown);
    assert_eq!(result["isError"], true, "{result}");
    assert!(
        tackle_tests::mcp::text(&result).contains("claude"),
        "{result}"
    );

    let mut gemini = bash("s1", dir.path(), "ls");
    gemini["agent"] = json!("gemini");
    gemini["event"] = json!("BeforeTool");
    let result = call(&mut server, 2, gemini);
    assert_eq!(result["isError"], true, "{result}");
    assert!(
        tackle_tests::mcp::text(&result).contains("cannot call a server"),
        "{result}"
    );

    let result = call(&mut server, 3, json!({"agent": "claude"}));
    assert_eq!(result["isError"], true, "{result}");
    assert!(
        tackle_tests::mcp::text(&result).contains("event"),
        "{result}"
    );
    assert_eq!(server.close(), Some(0));
}

#[test]
fn a_tool_input_that_is_not_an_object_is_refused_as_the_fail_closed_guard_wants() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut server = server(dir.path());
    let mut broken = bash("s1", dir.path(), "ls");
    broken["json"]["tool_input"] = json!("{not json");
    let refused = answer(&call(&mut server, 1, broken));
    assert_eq!(decision(&refused), Some("deny"), "{refused}");
    assert!(refused.to_string().contains("fails closed"), "{refused}");
    assert_eq!(server.close(), Some(0));
}
