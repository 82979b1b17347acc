//! The plugins as a Claude Code plugin: exported next to this binary, then
//! checked the way Claude Code uses it — its hook command run with a
//! `PreToolUse` payload on stdin, its reply read from stdout.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::{Value, json};
use tackle_runtime::Host;
use tackle_runtime::agents::Agent;
use tackle_runtime::agents::export::{self, Options};

use crate::terminal::{Screen, Tone};
use crate::text::wrap;

/// Exports the plugins for Claude Code and runs two tool calls through the
/// exported hook binary.
pub(crate) async fn claude(
    host: &Host,
    root: &Path,
    screen: Screen,
) -> Result<(), Box<dyn std::error::Error>> {
    let dir = destination()?;
    let report = export::export(host, Agent::Claude, &dir, &Options::default())?;
    let shown = shown_path(&report.dir);
    say!(
        "   wrote {} files to {}",
        report.files.len(),
        screen.bold(&shown)
    );
    for file in &report.files {
        let name = file.display().to_string();
        let what = match name.as_str() {
            ".claude-plugin/plugin.json" => "the manifest",
            "hooks/hooks.json" => "the hooks: one command per event, this binary",
            ".mcp.json" => "the plugins' tools, as an MCP server",
            n if n.starts_with("bin/") => "this binary, the hook handler",
            n if n.starts_with("skills/") => "a skill",
            n if n.starts_with("commands/") => "a slash command",
            ".tackle-export.json" => "what it wrote, for the next export to clean up",
            _ => "",
        };
        say!("      {name:<34} {}", screen.tone(what, Tone::Dim));
    }
    say!(
        "{}",
        wrap(
            &format!(
                "hooks on {} Claude Code events (audit-logger observes every one): {}",
                report.events.len(),
                report.events.join(", ")
            ),
            3,
            100
        )
    );
    say!("   load it with:  claude --plugin-dir {shown}");

    say!("\n   What Claude Code does before a tool runs: the hook command, the call on stdin");
    // The copy the export wrote (under a safe name, if this one needs quoting).
    let binary = report
        .files
        .iter()
        .find(|f| f.starts_with("bin"))
        .map(|f| report.dir.join(f))
        .ok_or("the export wrote no binary")?;
    for command in [
        "git commit --no-verify -m \"parser: accept exponents\"",
        "sudo apt-get install -y bc",
    ] {
        say!("   PreToolUse  Bash $ {command}");
        let reply = run_hook(&binary, root, command)?;
        let tone = if reply.contains(r#""permissionDecision":"deny""#) {
            Tone::Bad
        } else {
            Tone::Good
        };
        say!("      {} (stdout)", screen.tone("<-", tone));
        say!("{}", wrap(&reply, 6, 100));
    }
    Ok(())
}

/// `tackle-demo/claude-plugin` beside this binary (in `target/debug/`
/// under `cargo run`), so that it outlives the demo's temporary project.
fn destination() -> std::io::Result<PathBuf> {
    let exe = std::env::current_exe()?;
    let dir = exe.parent().unwrap_or(Path::new("."));
    Ok(dir.join("tackle-demo").join("claude-plugin"))
}

/// `path` relative to the current folder when it is under it.
fn shown_path(path: &Path) -> String {
    std::env::current_dir()
        .ok()
        .and_then(|cwd| path.strip_prefix(cwd).ok().map(Path::to_path_buf))
        .unwrap_or_else(|| path.to_path_buf())
        .display()
        .to_string()
}

/// Runs `<binary> hook claude PreToolUse` in the project as Claude Code
/// would, and returns what it answered (its JSON on stdout, or its exit
/// code and stderr).
fn run_hook(
    binary: &Path,
    root: &Path,
    command: &str,
) -> Result<String, Box<dyn std::error::Error>> {
    let payload = json!({
        "session_id": "demo-export",
        "transcript_path": "/dev/null",
        "cwd": root,
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": command},
        "tool_use_id": "toolu_demo",
    });
    let mut child = Command::new(binary)
        .args(["hook", "claude", "PreToolUse"])
        .current_dir(root)
        // The demo's own user folder: its session values (the doom-loop
        // streak) stay out of the real ~/.tackle, and the real config out
        // of the demo.
        .env("TACKLE_HOME", root.join(".tackle-home"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    if let Some(mut stdin) = child.stdin.take() {
        stdin.write_all(payload.to_string().as_bytes())?;
    }
    let out = child.wait_with_output()?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    // The whole reply, as Claude Code reads it.
    let reply = match serde_json::from_str::<Value>(stdout.trim()) {
        Ok(json) => json.to_string(),
        Err(_) => format!(
            "exit {}: {}{}",
            out.status.code().unwrap_or(-1),
            stdout.trim(),
            String::from_utf8_lossy(&out.stderr).trim()
        ),
    };
    Ok(reply)
}
