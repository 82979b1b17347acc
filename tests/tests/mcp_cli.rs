//! `<bin> mcp` as a process: stdout carries only the protocol, the process
//! ends when the client closes stdin, and a broken handshake is reported.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use serde_json::{Value, json};

const HOST: &str = env!("CARGO_BIN_EXE_tackle-mcp-host");

/// Runs `mcp` with `lines` on stdin (then closed); stdout lines, stderr, exit code.
fn session(lines: &[Value]) -> (Vec<Value>, String, Option<i32>) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut child = Command::new(HOST)
        .arg("mcp")
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
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
    let ids: Vec<&Value> = stdout.iter().map(|m| &m["id"]).collect();
    assert_eq!(ids, [&json!(1), &json!(2), &json!(3)], "{stdout:?}");
    assert!(stdout.iter().all(|m| m["jsonrpc"] == "2.0"));
    assert_eq!(
        stdout[0]["result"]["serverInfo"]["name"], "tackle-mcp-host",
        "the server is named after the binary"
    );
    assert_eq!(stdout[1]["result"]["content"][0]["text"], "shouted hello");
    assert_eq!(stdout[2]["result"]["structuredContent"]["result"], 42);
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
