//! `replay` as a process: it adds to a session's start what the live hook
//! handler adds (the same code answers both), and it streams a transcript
//! of any length in bounded memory.

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, Output};

use serde_json::{Value, json};
use tackle_tests::process::isolated;

const REPLAY_HOST: &str = env!("CARGO_BIN_EXE_tackle-replay-host");
const CONTEXT_HOST: &str = env!("CARGO_BIN_EXE_tackle-context-host");

/// `host ARGS` in `dir`, started with piped stdio and no config from the
/// environment.
fn start(host: &str, dir: &Path, args: &[&str]) -> Child {
    isolated(host, &dir.join(".home"))
        .args(args)
        .current_dir(dir)
        .spawn()
        .expect("start the host")
}

/// `host ARGS` in `dir`, `stdin` as its input.
fn run(host: &str, dir: &Path, args: &[&str], stdin: &str) -> Output {
    let mut child = start(host, dir, args);
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("wait for the host")
}

fn json_out(output: &Output) -> Value {
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{}\n{stdout}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"))
}

/// A Claude Code transcript line of session `s1` in `dir`.
fn transcript_line(dir: &Path, kind: &str, content: Value) -> String {
    let line = json!({
        "type": kind, "sessionId": "s1", "cwd": dir, "timestamp": "2026-01-05T10:00:00Z",
        "message": {"role": kind, "content": content},
    });
    format!("{line}\n")
}

/// What the live `SessionStart` hook adds, and what `replay` reports the
/// same session's start added, in order.
fn live_and_replayed(host: &str, dir: &Path) -> (String, Vec<(String, String)>) {
    let event = json!({
        "session_id": "s1", "cwd": dir, "hook_event_name": "SessionStart", "source": "startup",
    });
    let live = json_out(&run(
        host,
        dir,
        &["hook", "claude", "SessionStart"],
        &event.to_string(),
    ));
    let live = live["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap_or_else(|| panic!("no additionalContext: {live}"))
        .to_owned();

    let transcript = transcript_line(dir, "user", json!("hello"));
    let report = json_out(&run(host, dir, &["replay", "-", "--json"], &transcript));
    let start = report["events"]
        .as_array()
        .expect("events")
        .iter()
        .find(|e| e["point"] == "session_start")
        .unwrap_or_else(|| panic!("no session_start: {report}"));
    let added = start["context"]
        .as_array()
        .map(|c| {
            c.iter()
                .map(|a| {
                    let text = |k: &str| a[k].as_str().unwrap_or_default().to_owned();
                    (text("hook"), text("text"))
                })
                .collect()
        })
        .unwrap_or_default();
    (live, added)
}

#[test]
fn replay_adds_what_the_live_session_start_adds() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (live, added) = live_and_replayed(REPLAY_HOST, dir.path());
    assert!(live.starts_with("## Shell guard"), "{live}");
    let texts: Vec<&str> = added.iter().map(|(_, text)| text.as_str()).collect();
    assert_eq!(texts.join("\n\n"), live);
    assert_eq!(added[0].0, "system_prompt", "{added:?}");
}

#[test]
fn a_system_prompt_hook_s_text_is_given_once_live_and_in_replay() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (live, added) = live_and_replayed(CONTEXT_HOST, dir.path());
    let rule = "Run the tests before saying a change is done.";
    assert_eq!(live.matches(rule).count(), 1, "{live}");
    assert!(
        live.contains(
            "## briefing\n\nKeep each change small, and say which tests cover it.\n\nRun the tests"
        ),
        "{live}"
    );
    assert!(live.contains("## Shell guard"), "{live}");
    let texts: Vec<&str> = added.iter().map(|(_, text)| text.as_str()).collect();
    assert_eq!(texts.join("\n\n"), live);
}

/// The peak resident memory of process `pid` so far, in KiB.
fn peak_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("read its status");
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or_else(|| panic!("no VmHWM in\n{status}"))
}

#[test]
fn a_large_transcript_replays_in_bounded_memory() {
    // 3,000 tool calls whose results hold 32 KiB each: a 96 MiB file,
    // written to the replay's stdin as it reads it.
    const CALLS: usize = 3_000;
    const BOUND_MIB: u64 = 48;
    let dir = tempfile::tempdir().expect("tempdir");
    let mut child = start(
        REPLAY_HOST,
        dir.path(),
        &["replay", "-", "--only", "denied"],
    );
    let pid = child.id();
    let mut stdout = child.stdout.take().expect("stdout");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        stdout.read_to_string(&mut text).map(|_| text)
    });
    let mut stderr = child.stderr.take().expect("stderr");
    let errors = std::thread::spawn(move || {
        let mut text = String::new();
        stderr.read_to_string(&mut text).map(|_| text)
    });
    let mut stdin = child.stdin.take().expect("stdin");
    let output = "x".repeat(32 * 1024);
    let mut written = 0usize;
    let mut send = |line: String| {
        written += line.len();
        stdin
            .write_all(line.as_bytes())
            .expect("the replay reads on");
    };
    send(transcript_line(dir.path(), "user", json!("build it")));
    for i in 0..CALLS {
        let id = format!("t{i}");
        send(transcript_line(
            dir.path(),
            "assistant",
            json!([{"type": "tool_use", "id": id, "name": "Bash", "input": {"command": format!("make step{i}")}}]),
        ));
        send(transcript_line(
            dir.path(),
            "user",
            json!([{"type": "tool_result", "tool_use_id": id, "content": output}]),
        ));
    }
    // A blank line longer than what the pipe and the reader's buffer hold:
    // once it is written, every line before it has been read and replayed.
    send(format!("{}\n", " ".repeat(1 << 20)));
    let peak = peak_kib(pid);
    drop(stdin);
    let status = child.wait().expect("wait for the replay");
    let stdout = reader.join().expect("joined").expect("stdout");
    let stderr = errors.join().expect("joined").expect("stderr");
    assert!(status.success(), "{status}\n{stderr}");
    let events = 2 * CALLS + 4;
    assert!(
        stdout.contains(&format!("Summary: {events} events in 1 session")),
        "{stdout}"
    );
    assert!(written > 90 << 20, "{written} bytes");
    eprintln!(
        "replayed {} MiB, {events} events: peak RSS {} MiB",
        written >> 20,
        peak >> 10
    );
    assert!(
        peak < BOUND_MIB << 10,
        "peak RSS {peak} KiB replaying {written} bytes, over {BOUND_MIB} MiB"
    );
}
