//! `<bin> mcp` as a process: stdout carries only the protocol, the process
//! ends when the client closes stdin, and a broken handshake is reported.

use std::io::{BufRead, BufReader, Write};
use std::process::Command;

use serde_json::{Value, json};
use tackle_tests::mcp::Process;
use tackle_tests::process::isolated;

const HOST: &str = env!("CARGO_BIN_EXE_tackle-mcp-host");

/// Runs `mcp` with `lines` on stdin (then closed); stdout lines, stderr, exit code.
fn session(lines: &[Value]) -> (Vec<Value>, String, Option<i32>) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut child = isolated(HOST, &dir.path().join(".home"))
        .arg("mcp")
        .current_dir(dir.path())
        .spawn()
        .expect("the host starts");
    let mut stdin = child.stdin.take().expect("stdin");
    for line in lines {
        writeln!(stdin, "{line}").expect("the server reads");
    }
    drop(stdin);
    let output = child.wait_with_output().expect("the server ends");
    let stdout = BufReader::new(output.stdout.as_slice())
        .lines()
        .map(|l| {
            let l = l.expect("utf-8");
            serde_json::from_str(&l).unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {l}"))
        })
        .collect();
    (
        stdout,
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

fn initialize() -> Value {
    json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "cli-test", "version": "1"},
    }})
}

#[test]
fn what_a_plugin_prints_goes_to_stderr_not_into_the_protocol() {
    let (stdout, stderr, code) = session(&[
        initialize(),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
            "params": {"name": "shout", "arguments": {"text": "hello"}}}),
        json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
            "params": {"name": "add", "arguments": {"a": 40, "b": 2}}}),
    ]);
    assert_eq!(code, Some(0), "stderr: {stderr}");
    // `shout` also prints a fake response with id 999: it must not reach
    // the client.
    // Sync tools run on the blocking pool: the two calls answer in either
    // order.
    let mut ids: Vec<u64> = stdout.iter().filter_map(|m| m["id"].as_u64()).collect();
    ids.sort_unstable();
    assert_eq!(ids, [1, 2, 3], "{stdout:?}");
    assert!(stdout.iter().all(|m| m["jsonrpc"] == "2.0"));
    assert_eq!(
        stdout[0]["result"]["serverInfo"]["name"], "tackle-mcp-host",
        "the server is named after the binary"
    );
    let answer = |id: u64| {
        stdout
            .iter()
            .find(|m| m["id"] == id)
            .unwrap_or_else(|| panic!("no answer {id}: {stdout:?}"))
    };
    assert_eq!(answer(2)["result"]["content"][0]["text"], "shouted hello");
    assert_eq!(answer(3)["result"]["structuredContent"]["result"], 42);
    assert!(stderr.contains("SHOUTED hello"), "stderr: {stderr}");
    assert!(stderr.contains("\"id\":999"), "stderr: {stderr}");
}

#[test]
fn instructions_name_the_running_plugins() {
    let (stdout, stderr, code) = session(&[initialize()]);
    assert_eq!(code, Some(0), "stderr: {stderr}");
    let instructions = stdout[0]["result"]["instructions"]
        .as_str()
        .expect("instructions");
    for plugin in ["mcpish", "metrics", "textkit"] {
        assert!(
            instructions.contains(&format!("- {plugin}: ")),
            "{instructions}"
        );
    }
}

#[test]
fn a_broken_handshake_is_an_error_that_says_so() {
    let (stdout, stderr, code) = session(&[json!({
        "jsonrpc": "2.0", "method": "notifications/initialized"
    })]);
    assert_eq!(code, Some(1), "stdout: {stdout:?}, stderr: {stderr}");
    assert!(
        stderr.contains(
            "MCP handshake failed: the client's first message must be an `initialize` \
             request, but it sent a `notifications/initialized` notification"
        ),
        "stderr: {stderr}"
    );
}

#[test]
fn no_input_is_a_quiet_exit() {
    let (stdout, stderr, code) = session(&[]);
    assert_eq!(code, Some(0), "stderr: {stderr}");
    assert!(stdout.is_empty(), "{stdout:?}");
    assert!(stderr.is_empty(), "{stderr}");
}

fn call(id: u64, tool: &str, arguments: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
        "params": {"name": tool, "arguments": arguments}})
}

#[test]
fn head_on_a_fifo_blocks_no_request_and_its_time_limit_answers_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    // A FIFO with no writer: opening it blocks until one comes, forever.
    let made = Command::new("mkfifo")
        .arg(dir.path().join("fifo"))
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    std::fs::write(dir.path().join("limits.toml"), "tool_timeout_secs = 1\n").expect("config");
    let mut host = isolated(HOST, &dir.path().join(".home"));
    host.args(["--config", "limits.toml", "mcp"])
        .current_dir(dir.path());
    let mut server = Process::spawn(host);
    server.send(&initialize());
    assert!(server.answer(&json!(1)).get("result").is_some());
    server.send(&call(2, "head", json!({"path": "fifo"})));
    server.send(&json!({"jsonrpc": "2.0", "id": 3, "method": "ping"}));
    assert_eq!(server.answer(&json!(3))["result"], json!({}));
    let head = server.answer(&json!(2));
    assert_eq!(head["result"]["isError"], true, "{head}");
    assert_eq!(
        head["result"]["content"][0]["text"],
        "the tool `head` did not finish within 1 s (tool_timeout_secs), so it was cancelled"
    );
    server.send(&call(4, "add", json!({"a": 1, "b": 2})));
    assert_eq!(
        server.answer(&json!(4))["result"]["structuredContent"]["result"],
        3
    );
    // The thread still blocked in `head` does not hold the exit.
    assert_eq!(server.close(), Some(0));
}
