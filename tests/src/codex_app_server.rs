//! Codex's app server (`codex app-server`, JSON-RPC over stdio), which the
//! install tests ask what hooks Codex lists and whether it trusts them.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::{Value, json};

/// `command` (Codex, or Codex in a private `/etc`) run as `app-server` in
/// `project` with `home` as its HOME and nothing else of the environment
/// but `PATH`: the answers to `calls`, after `initialize`. An error answer
/// fails the test, naming its method.
pub fn ask(
    mut command: Command,
    project: &Path,
    home: &Path,
    calls: &[(&str, Value)],
) -> Vec<Value> {
    let mut server = command
        .arg("app-server")
        .current_dir(project)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", home)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("runs codex app-server");
    let mut stdin = server.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(server.stdout.take().expect("stdout"));
    let mut call = |id: usize, method: &str, params: &Value| -> Value {
        let message = json!({"id": id, "method": method, "params": params});
        writeln!(stdin, "{message}").expect("writes to the app server");
        if method == "initialize" {
            writeln!(stdin, "{}", json!({"method": "initialized"})).expect("writes");
        }
        let mut line = String::new();
        loop {
            line.clear();
            let read = stdout.read_line(&mut line).expect("reads the app server");
            assert!(read > 0, "the app server ended before answering {method}");
            let answer: Value = serde_json::from_str(&line).expect("JSON-RPC");
            if answer["id"] == id {
                assert!(answer["error"].is_null(), "{method}: {answer}");
                return answer["result"].clone();
            }
        }
    };
    call(
        0,
        "initialize",
        &json!({"clientInfo": {"name": "tackle-install", "version": "1"}}),
    );
    let answers = calls
        .iter()
        .enumerate()
        .map(|(i, (method, params))| call(i + 1, method, params))
        .collect();
    drop(stdin);
    let _ = server.wait();
    answers
}
