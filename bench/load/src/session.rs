//! One session's events, as an agent sends them: reads, edits (one of an
//! unread file, which `read-before-edit` flags), shell commands (one that
//! `guard` denies, one repeated until `doom-loop` denies it), then the end,
//! which makes the stateful plugins forget the session.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use serde_json::{Value, json};
use tackle::hook::{AfterToolCall, BeforeToolCall, HookEvent, SessionEnd, SessionStart};
use tackle_runtime::Host;

/// The files the sessions read and edit, in the agent folder.
const FILES: [&str; 2] = ["src/lib.rs", "src/main.rs"];

/// Creates [`FILES`] under `dir`.
pub fn files(dir: &Path) -> Result<(), String> {
    for file in FILES {
        let path = dir.join(file);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        std::fs::write(&path, "fn main() {}\n")
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

/// Plays sessions until `stop`; returns (events, sessions).
pub async fn loop_until(
    host: &Host,
    task: usize,
    stop: &AtomicBool,
    dispatched: &Arc<AtomicU64>,
) -> (u64, u64) {
    let (mut events, mut sessions) = (0, 0);
    while !stop.load(Ordering::Relaxed) {
        let id = format!("load-{task}-{sessions}");
        let sent = one(host, &id).await;
        dispatched.fetch_add(sent, Ordering::Relaxed);
        events += sent;
        sessions += 1;
        // An agent waits on the model between sessions' events; the
        // dispatches themselves also yield once the task's cooperative
        // budget is spent, so other tasks (the timer that stops the run
        // included) are never starved.
        tokio::task::yield_now().await;
    }
    (events, sessions)
}

/// One whole session; returns how many events it dispatched.
async fn one(host: &Host, session: &str) -> u64 {
    let mut sent = 0;
    host.dispatch(SessionStart::default().in_session(session))
        .await;
    sent += 1;
    let calls = [
        ("Read", json!({"file_path": FILES[0]})),
        (
            "Edit",
            json!({"file_path": FILES[0], "old_string": "a", "new_string": "b"}),
        ),
        (
            "Edit",
            json!({"file_path": FILES[1], "old_string": "a", "new_string": "b"}),
        ),
        (
            "Bash",
            json!({"command": "cargo test --workspace 2>&1 | tail -5"}),
        ),
        ("Bash", json!({"command": "rm -rf / --no-preserve-root"})),
        ("Bash", json!({"command": "ls -la"})),
        ("Bash", json!({"command": "ls -la"})),
        ("Bash", json!({"command": "ls -la"})),
    ];
    for (tool, arguments) in calls {
        sent += call(host, session, tool, arguments).await;
    }
    host.dispatch(SessionEnd::default().in_session(session))
        .await;
    sent + 1
}

/// `before_tool_call`, then `after_tool_call` unless it was denied.
async fn call(host: &Host, session: &str, tool: &str, arguments: Value) -> u64 {
    let before = BeforeToolCall {
        tool_name: tool.into(),
        arguments: arguments.clone(),
        ..Default::default()
    }
    .in_session(session);
    if host.dispatch(before).await.is_denied() {
        return 1;
    }
    let after = AfterToolCall {
        tool_name: tool.into(),
        arguments,
        response: json!("ok"),
        ..Default::default()
    }
    .in_session(session);
    host.dispatch(after).await;
    2
}
