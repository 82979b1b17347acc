//! The built `example-host-hook`, run as Claude Code runs it: the guard's
//! deny, as `example-host` gives it, and no other command line.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::{Value, json};

fn scratch() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(env!("CARGO_PKG_NAME"));
    std::fs::create_dir_all(&dir).expect("create the scratch folder");
    dir
}

/// Runs `BIN ARGS` in the scratch folder with `stdin` as its input and a
/// tackle home of this test run's own (an earlier run's session values,
/// a doom-loop streak, must not decide).
fn run(bin: &str, args: &[&str], stdin: &str) -> Output {
    let dir = scratch();
    let mut child = Command::new(bin)
        .args(args)
        .current_dir(&dir)
        .env_remove("TACKLE_CONFIG")
        .env_remove("TACKLE_AGENT_DIR")
        .env_remove("TACKLE_TRUST_PROJECT")
        .env(
            "TACKLE_HOME",
            dir.join(format!(".tackle-home-{}", std::process::id())),
        )
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the binary");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("wait for the binary")
}

#[test]
fn the_guard_denies_a_destructive_command() {
    let event = json!({
        "session_id": "example-host-hook",
        "cwd": ".",
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": "rm -rf /"},
    });
    let hook = env!("CARGO_BIN_EXE_example-host-hook");
    let output = run(hook, &["hook", "claude", "PreToolUse"], &event.to_string());
    assert!(output.status.success(), "{output:?}");
    let reply: Value = serde_json::from_slice(&output.stdout).expect("a JSON reply");
    let answer = &reply["hookSpecificOutput"];
    assert_eq!(answer["permissionDecision"], "deny", "{reply}");
    let reason = answer["permissionDecisionReason"]
        .as_str()
        .unwrap_or_default();
    assert!(reason.contains("rm -rf"), "{reply}");
}

#[test]
fn other_command_lines_are_a_usage_error() {
    let output = run(env!("CARGO_BIN_EXE_example-host-hook"), &["list"], "");
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("answers coding agents' hooks"), "{stderr}");
}
