//! The MCP-only binary as a client starts it: `mcp` over stdio serves the
//! plugins' tools; any other command line is a usage error that names the
//! one command it has.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_example-host-mcp");

#[test]
fn mcp_serves_the_plugins_tools() {
    let dir = tempfile::tempdir().expect("a scratch folder");
    let mut server = Command::new(BIN)
        .arg("mcp")
        .current_dir(dir.path())
        .env("HOME", dir.path())
        .env_remove("TACKLE_AGENT_DIR")
        .env_remove("TACKLE_CONFIG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    let mut stdin = server.stdin.take().expect("stdin");
    let mut lines = BufReader::new(server.stdout.take().expect("stdout")).lines();
    let mut send = |message: Value| writeln!(stdin, "{message}").expect("the server reads");
    let mut recv = || -> Value {
        let line = lines.next().expect("an answer").expect("readable");
        serde_json::from_str(&line).expect("JSON")
    };
    send(
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "test", "version": "1"}}}),
    );
    let init = recv();
    assert_eq!(
        init["result"]["serverInfo"]["name"], "example-host-mcp",
        "{init}"
    );
    send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    let mut ask = |message: Value| {
        send(message);
        recv()
    };
    let listed = ask(json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}));
    let names: Vec<&str> = listed["result"]["tools"]
        .as_array()
        .expect("tools")
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert!(names.contains(&"word_count"), "{names:?}");
    let counted = ask(json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
        "params": {"name": "word_count", "arguments": {"text": "one two\nthree"}}}));
    assert_eq!(
        counted["result"]["structuredContent"]["words"], 3,
        "{counted}"
    );
    assert_eq!(
        counted["result"]["structuredContent"]["lines"], 2,
        "{counted}"
    );
    drop(stdin);
    let status = server.wait().expect("the server ends");
    assert!(status.success(), "{status}");
}

#[test]
fn any_other_command_line_is_a_usage_error_naming_mcp() {
    for args in [&["mcp", "--http", "127.0.0.1:0"][..], &["list"], &[]] {
        let out = Command::new(BIN).args(args).output().expect("runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("serves its plugins to MCP clients over stdio, and nothing else"),
            "{args:?}: {err}"
        );
    }
}
