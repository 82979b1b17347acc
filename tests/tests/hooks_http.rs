//! `<bin> mcp --http` answering agents' `http` hooks at
//! `POST /hooks/<agent>/<Event>`: the guard's refusal and the pass-through
//! as the hook process answers them, session state kept in the server's
//! memory across events (doom-loop's streak, read-before-edit's ledger),
//! per session; and the route's gate as an attacker meets it (the bearer
//! token, the Host allow-list, the body cap, a body not declared JSON,
//! unknown agents and events, an agent whose hooks cannot call a server,
//! an event the guard cannot read, clients that stall their bodies, a
//! client without the token whose body never comes).

use serde_json::{Value, json};
use tackle_tests::claude::rm_rf;
use tackle_tests::http_server::HttpServer;
use tackle_tests::process::{finish, isolated};

/// guard (fail-closed on the shell), doomloop, read_before_edit, metrics.
const HOST: &str = env!("CARGO_BIN_EXE_tackle-export-host");

/// A Claude Code `PreToolUse` of `tool` with `input` in `session`.
fn pre_tool_use(session: &str, cwd: &std::path::Path, tool: &str, input: Value) -> Value {
    json!({
        "session_id": session,
        "cwd": cwd,
        "transcript_path": "/dev/null",
        "hook_event_name": "PreToolUse",
        "tool_name": tool,
        "tool_input": input,
        "tool_use_id": "t1",
    })
}

/// POSTs `body` to `path` with `headers` (JSON unless they say otherwise):
/// the status and the body.
fn post(server: &HttpServer, path: &str, headers: &[(&str, &str)], body: Vec<u8>) -> (u16, String) {
    runtime().block_on(async {
        let mut request = reqwest::Client::new()
            .post(format!("http://{}{path}", server.addr))
            .body(body);
        if !headers
            .iter()
            .any(|(k, _)| k.eq_ignore_ascii_case("content-type"))
        {
            request = request.header("content-type", "application/json");
        }
        for (k, v) in headers {
            request = request.header(*k, *v);
        }
        let response = request.send().await.expect("an answer");
        let status = response.status().as_u16();
        (status, response.text().await.expect("a body"))
    })
}

/// POSTs a Claude Code event; the JSON answer (200 asserted).
fn claude(server: &HttpServer, event: &str, body: &Value) -> Value {
    let (status, text) = post(
        server,
        &format!("/hooks/claude/{event}"),
        &[],
        body.to_string().into_bytes(),
    );
    assert_eq!(status, 200, "{text}");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

fn decision(answer: &Value) -> Option<&str> {
    answer["hookSpecificOutput"]["permissionDecision"].as_str()
}

#[test]
fn the_guard_refuses_sudo_and_lets_echo_through_as_the_hook_process_would() {
    let server = HttpServer::start(HOST, &[], &[]);
    let cwd = server.dir().to_owned();
    let refused = claude(
        &server,
        "PreToolUse",
        &pre_tool_use("s1", &cwd, "Bash", json!({"command": "sudo rm -rf victim"})),
    );
    assert_eq!(decision(&refused), Some("deny"), "{refused}");
    let reason = refused["hookSpecificOutput"]["permissionDecisionReason"]
        .as_str()
        .expect("a reason");
    assert!(
        reason.contains("guard refused `sudo rm -rf victim`"),
        "{reason}"
    );
    // The hook process answers the same event the same way.
    let process = finish(
        isolated(HOST, &cwd.join(".home-process"))
            .args(["hook", "claude", "PreToolUse"])
            .current_dir(&cwd)
            .spawn()
            .expect("the hook process starts"),
        pre_tool_use("s1", &cwd, "Bash", json!({"command": "sudo rm -rf victim"}))
            .to_string()
            .as_bytes(),
    );
    let printed: Value = serde_json::from_slice(&process.stdout).expect("the process's JSON");
    assert_eq!(printed, refused);

    let through = claude(
        &server,
        "PreToolUse",
        &pre_tool_use("s1", &cwd, "Bash", json!({"command": "echo hello"})),
    );
    assert_eq!(through, json!({}));
}

#[test]
fn doom_loop_refuses_the_third_identical_call_of_a_session_from_memory() {
    let server = HttpServer::start(HOST, &[], &[]);
    let cwd = server.dir().to_owned();
    let again = |session: &str| {
        claude(
            &server,
            "PreToolUse",
            &pre_tool_use(session, &cwd, "Bash", json!({"command": "echo again"})),
        )
    };
    assert_eq!(decision(&again("loop")), None);
    assert_eq!(decision(&again("loop")), None);
    // Another session has its own streak.
    assert_eq!(decision(&again("other")), None);
    let third = again("loop");
    assert_eq!(decision(&third), Some("deny"), "{third}");
    assert!(
        third.to_string().contains("same"),
        "doom-loop says why: {third}"
    );
    // Nothing went to the hook process's session files.
    let files = server.dir().join(".home/.tackle/sessions");
    assert!(
        std::fs::read_dir(&files).map_or(true, |mut d| d.next().is_none()),
        "session files were written in {}",
        files.display()
    );
}

/// 24 identical calls of one session POSTed at once: the streak counts
/// each once (no lost update in the server's store), so exactly the first
/// two pass and every other is refused.
#[test]
fn many_events_of_one_session_at_once_lose_no_update() {
    let server = HttpServer::start(HOST, &[], &[]);
    let cwd = server.dir().to_owned();
    let body = pre_tool_use("burst", &cwd, "Bash", json!({"command": "echo again"})).to_string();
    let url = format!("http://{}/hooks/claude/PreToolUse", server.addr);
    let answers: Vec<Value> = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime")
        .block_on(async {
            let client = reqwest::Client::new();
            let posts = (0..24).map(|_| {
                client
                    .post(&url)
                    .header("content-type", "application/json")
                    .body(body.clone())
                    .send()
            });
            let mut answers = Vec::new();
            for response in futures_util::future::join_all(posts).await {
                let text = response.expect("an answer").text().await.expect("a body");
                answers.push(serde_json::from_str(&text).expect("JSON"));
            }
            answers
        });
    let passed = answers.iter().filter(|a| decision(a).is_none()).count();
    let refused = answers
        .iter()
        .filter(|a| decision(a) == Some("deny"))
        .count();
    assert_eq!((passed, refused), (2, 22), "{answers:?}");
}

#[test]
fn read_before_edit_remembers_a_read_across_events_of_its_session() {
    let server = HttpServer::start(HOST, &[], &[]);
    let cwd = server.dir().to_owned();
    let file = cwd.join("notes.txt");
    std::fs::write(&file, "old\n").expect("write the file");
    let edit = |session: &str| {
        claude(
            &server,
            "PreToolUse",
            &pre_tool_use(
                session,
                &cwd,
                "Edit",
                json!({"file_path": file, "old_string": "old", "new_string": "new"}),
            ),
        )
    };
    let advised = edit("reader");
    let context = advised["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap_or_else(|| panic!("advice before the read: {advised}"));
    assert!(context.contains("has not been read"), "{context}");
    let read = json!({
        "session_id": "reader",
        "cwd": cwd,
        "transcript_path": "/dev/null",
        "hook_event_name": "PostToolUse",
        "tool_name": "Read",
        "tool_input": {"file_path": file},
        "tool_response": {"type": "text", "file": {"filePath": file, "content": "old\n"}},
        "tool_use_id": "t2",
    });
    claude(&server, "PostToolUse", &read);
    assert_eq!(edit("reader"), json!({}), "no advice once read");
    // A session that did not read it is still advised.
    assert!(
        edit("stranger")["hookSpecificOutput"]["additionalContext"].is_string(),
        "the ledger is per session"
    );
}

#[test]
fn a_bearer_token_guards_the_hooks_as_it_guards_mcp() {
    let server = HttpServer::start(
        HOST,
        &["--bearer-token-env", "HOOK_TOKEN"],
        &[("HOOK_TOKEN", "team-secret")],
    );
    let body = rm_rf(server.dir()).to_string().into_bytes();
    let (status, _) = post(&server, "/hooks/claude/PreToolUse", &[], body.clone());
    assert_eq!(status, 401);
    let (status, _) = post(
        &server,
        "/hooks/claude/PreToolUse",
        &[("authorization", "Bearer wrong")],
        body.clone(),
    );
    assert_eq!(status, 401);
    let (status, text) = post(
        &server,
        "/hooks/claude/PreToolUse",
        &[("authorization", "Bearer team-secret")],
        body,
    );
    assert_eq!(status, 200, "{text}");
    assert!(text.contains("\"deny\""), "{text}");
}

#[test]
fn the_gate_refuses_foreign_hosts_big_bodies_and_bodies_not_declared_json() {
    let server = HttpServer::start(HOST, &[], &[]);
    let body = rm_rf(server.dir()).to_string().into_bytes();
    let path = "/hooks/claude/PreToolUse";
    let (status, _) = post(&server, path, &[("host", "attacker.example")], body.clone());
    assert_eq!(status, 403, "a rebound name is refused");
    let (status, _) = post(
        &server,
        path,
        &[("origin", "http://attacker.example")],
        body.clone(),
    );
    assert_eq!(status, 403, "a foreign origin is refused");
    let (status, _) = post(&server, path, &[("content-type", "text/plain")], body);
    assert_eq!(status, 415, "a form post from a web page is refused");
    let huge = vec![b' '; 17 * 1024 * 1024];
    let (status, _) = post(&server, path, &[], huge);
    assert_eq!(status, 413);
    let (status, text) = runtime().block_on(async {
        let response = reqwest::get(format!("http://{}{path}", server.addr))
            .await
            .expect("an answer");
        (
            response.status().as_u16(),
            response.text().await.unwrap_or_default(),
        )
    });
    assert_eq!(status, 405, "{text}");
}

/// A client that sends an event's headers and then stalls is answered 408
/// at the body's time limit, and holds up no other event meanwhile.
#[test]
fn a_client_that_stalls_its_body_is_answered_408_and_holds_up_nothing() {
    use std::io::{Read, Write};
    let server = HttpServer::start(HOST, &[], &[]);
    let mut stalled = std::net::TcpStream::connect(&server.addr).expect("connects");
    write!(
        stalled,
        "POST /hooks/claude/PreToolUse HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{{\"session_id\"",
        server.addr
    )
    .expect("writes the head");
    stalled.flush().expect("flushed");
    // Meanwhile another event is answered.
    let body = rm_rf(server.dir()).to_string().into_bytes();
    let (status, text) = post(&server, "/hooks/claude/PreToolUse", &[], body);
    assert_eq!(status, 200, "{text}");
    assert!(text.contains("\"deny\""), "{text}");
    // The stalled one gets 408 (the bound: HTTP_REQUEST_TIMEOUT, 10 s).
    stalled
        .set_read_timeout(Some(std::time::Duration::from_secs(60)))
        .expect("a read timeout");
    let mut answer = String::new();
    let mut buf = [0u8; 1024];
    while !answer.contains("\r\n\r\n") {
        let n = stalled
            .read(&mut buf)
            .expect("an answer before the read timeout");
        assert!(n > 0, "closed without an answer: {answer:?}");
        answer.push_str(&String::from_utf8_lossy(&buf[..n]));
    }
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
}

/// Seventy clients that send an event's headers and then stall hold none
/// of the slots in flight (64): before, each held one while waiting for
/// its body, and every other event and MCP request got 503.
#[test]
fn seventy_stalled_events_hold_up_no_other_event() {
    let server = HttpServer::start(HOST, &[], &[]);
    let stalled: Vec<_> = (0..70)
        .map(|_| server.stall("/hooks/claude/PreToolUse", ""))
        .collect();
    // Time for the server to read their heads (no bound is measured).
    std::thread::sleep(std::time::Duration::from_millis(500));
    let body = rm_rf(server.dir()).to_string().into_bytes();
    let (status, text) = post(&server, "/hooks/claude/PreToolUse", &[], body);
    assert_eq!(status, 200, "{text}");
    assert!(text.contains("\"deny\""), "{text}");
    drop(stalled);
}

/// With a token, a client without it is answered 401 on its headers: its
/// body, which never comes, is not waited for.
#[test]
fn without_the_token_an_event_is_refused_before_its_body_is_read() {
    use tackle_tests::http_server::answer_head;
    let server = HttpServer::start(
        HOST,
        &["--bearer-token-env", "HOOK_TOKEN"],
        &[("HOOK_TOKEN", "team-secret")],
    );
    for auth in ["", "Authorization: Bearer wrong\r\n"] {
        let mut stalled = server.stall("/hooks/claude/PreToolUse", auth);
        let head = answer_head(&mut stalled, std::time::Duration::from_secs(30));
        assert!(head.starts_with("HTTP/1.1 401"), "{auth:?}: {head}");
    }
}

#[test]
fn qwen_codes_posts_get_qwens_json_a_doom_loop_refusal_and_nothing_to_pass() {
    let server = HttpServer::start(HOST, &[], &[]);
    let cwd = server.dir().to_owned();
    // Qwen Code 0.24.4 POSTs the command hook's stdin JSON: Claude's shape,
    // its own tool names.
    let again = || {
        let body = pre_tool_use(
            "qwen-loop",
            &cwd,
            "run_shell_command",
            json!({"command": "echo again"}),
        );
        let (status, text) = post(
            &server,
            "/hooks/qwen/PreToolUse",
            &[],
            body.to_string().into_bytes(),
        );
        assert_eq!(status, 200, "{text}");
        serde_json::from_str::<Value>(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
    };
    // Nothing to say: an empty object, which Qwen reads as going ahead.
    assert_eq!(again(), json!({}));
    assert_eq!(again(), json!({}));
    // Qwen blocks a tool on `permissionDecision: deny` alone.
    let third = again();
    assert_eq!(decision(&third), Some("deny"), "{third}");
    assert_eq!(third["hookSpecificOutput"]["hookEventName"], "PreToolUse");
    assert!(
        third["hookSpecificOutput"]["permissionDecisionReason"]
            .as_str()
            .is_some_and(|r| r.contains("same")),
        "doom-loop says why: {third}"
    );
}

#[test]
fn copilot_clis_posts_get_copilots_json_a_refusal_a_rewrite_and_nothing_to_pass() {
    let server = HttpServer::start(HOST, &[], &[]);
    let cwd = server.dir().to_owned();
    // Copilot CLI 1.0.102 POSTs the command hook's stdin JSON: camelCase,
    // the arguments as JSON text.
    let pre = |command: &str| {
        let body = json!({
            "sessionId": "copilot-s1",
            "timestamp": 1_763_633_643_512_u64,
            "cwd": cwd,
            "toolName": "bash",
            "toolArgs": json!({"command": command}).to_string(),
        });
        let (status, text) = post(
            &server,
            "/hooks/copilot/preToolUse",
            &[],
            body.to_string().into_bytes(),
        );
        assert_eq!(status, 200, "{text}");
        serde_json::from_str::<Value>(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
    };
    // Copilot reads `permissionDecision` at the top level.
    let refused = pre("sudo rm -rf victim");
    assert_eq!(refused["permissionDecision"], "deny", "{refused}");
    assert!(
        refused["permissionDecisionReason"]
            .as_str()
            .is_some_and(|r| r.contains("guard refused `sudo rm -rf victim`")),
        "{refused}"
    );
    assert!(refused.get("hookSpecificOutput").is_none(), "{refused}");
    assert_eq!(pre("echo hello"), json!({}));
}

#[test]
fn unknown_agents_events_and_agents_that_cannot_call_a_server_get_404_saying_so() {
    let server = HttpServer::start(HOST, &[], &[]);
    let body = rm_rf(server.dir()).to_string().into_bytes();
    let (status, text) = post(&server, "/hooks/claud/PreToolUse", &[], body.clone());
    assert_eq!(status, 404);
    assert!(text.contains("claude"), "suggests the agent: {text}");
    let (status, text) = post(&server, "/hooks/claude/PreToolUsage", &[], body.clone());
    assert_eq!(status, 404);
    assert!(text.contains("PreToolUse"), "suggests the event: {text}");
    let (status, text) = post(&server, "/hooks/gemini/BeforeTool", &[], body);
    assert_eq!(status, 404);
    assert!(text.contains("cannot call a server"), "{text}");
}

#[test]
fn an_event_the_fail_closed_guard_cannot_read_is_refused_in_claudes_json() {
    let server = HttpServer::start(HOST, &[], &[]);
    for body in [
        b"{not json".to_vec(),
        br#"{"session_id": "s", "tool_name": "Bash", "tool_input": "not an object"}"#.to_vec(),
    ] {
        let (status, text) = post(&server, "/hooks/claude/PreToolUse", &[], body);
        assert_eq!(status, 200, "{text}");
        let answer: Value = serde_json::from_str(&text).expect("JSON");
        assert_eq!(decision(&answer), Some("deny"), "{answer}");
        assert!(text.contains("fails closed"), "{text}");
    }
}
