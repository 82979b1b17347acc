//! Running the agent test hosts as an agent does: one process per event,
//! the payload on stdin, the reply read from stdout, stderr and the exit
//! code.
//!
//! Shared by `agent_hooks.rs` and `agent_hooks_edges.rs`; each uses a part.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::{Value, json};

/// Links `agentish` only: no hook fails closed.
pub const HOST: &str = env!("CARGO_BIN_EXE_tackle-agent-host");
/// `agentish` in a hook-only binary (`tackle_runtime::hook::main`).
pub const HOOK_ONLY_HOST: &str = env!("CARGO_BIN_EXE_tackle-agent-hook-only-host");
/// Links `agentish` and `guard`, whose `before_tool_call` hook fails closed.
pub const GUARD_HOST: &str = env!("CARGO_BIN_EXE_tackle-agent-guard-host");

/// The recorded payloads, by agent.
pub fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/agents")
}

/// What one hook process did.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// The reply as the goldens hold it: stdout parsed (null when empty),
    /// stderr by line, the exit code.
    pub fn reply(&self) -> Value {
        let stdout = if self.stdout.trim().is_empty() {
            Value::Null
        } else {
            serde_json::from_str(&self.stdout)
                .unwrap_or_else(|e| Value::String(format!("NOT JSON ({e}): {}", self.stdout)))
        };
        let stderr: Vec<&str> = self.stderr.lines().collect();
        json!({"code": self.code, "stdout": stdout, "stderr": stderr})
    }

    /// Stdout as JSON; fails the test if it is not.
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {:?}", self.stdout))
    }
}

/// Options of one run beyond the payload.
#[derive(Debug, Default)]
pub struct Opts<'a> {
    pub env: Vec<(&'a str, &'a Path)>,
}

/// `bin hook <args...>` in a fresh temporary folder, `stdin` written in a
/// thread (the process may stop reading early).
pub fn hook(bin: &str, args: &[&str], stdin: Vec<u8>, opts: &Opts) -> Run {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut command = Command::new(bin);
    command
        .arg("hook")
        .args(args)
        .current_dir(dir.path())
        .env_remove("TACKLE_CONFIG")
        .env_remove("TACKLE_AGENT_DIR")
        .env_remove("TACKLE_LOG")
        .env_remove("AGENTISH_LOG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (key, value) in &opts.env {
        command.env(key, value);
    }
    let mut child = command.spawn().expect("spawn the test host");
    let mut input = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        // A broken pipe is the host refusing to read more: not an error here.
        let _ = input.write_all(&stdin);
    });
    let out = child.wait_with_output().expect("wait");
    writer.join().expect("writer thread");
    Run {
        code: out.status.code().expect("exited with a code"),
        stdout: String::from_utf8(out.stdout).expect("utf8 stdout"),
        stderr: String::from_utf8(out.stderr).expect("utf8 stderr"),
    }
}

/// One recorded payload: `<agent>/<NativeEvent>[.<case>].json`.
#[derive(Debug, Clone)]
pub struct Fixture {
    pub agent: &'static str,
    pub event: &'static str,
    pub path: PathBuf,
}

impl Fixture {
    pub fn name(&self) -> String {
        let stem = self.path.file_stem().unwrap_or_default();
        format!("{}/{}", self.agent, stem.to_string_lossy())
    }

    pub fn golden(&self) -> PathBuf {
        self.path.with_extension("reply.json")
    }

    pub fn payload(&self) -> Vec<u8> {
        std::fs::read(&self.path).expect("read fixture")
    }

    pub fn run(&self, bin: &str, opts: &Opts) -> Run {
        hook(bin, &[self.agent, self.event], self.payload(), opts)
    }
}

/// The native event a fixture file is for: the longest of the agent's
/// events that its stem is, or starts with before a `.` (OpenCode's events
/// have dots of their own).
pub fn event_of(stem: &str, events: &[&'static str]) -> Option<&'static str> {
    events
        .iter()
        .copied()
        .filter(|e| stem == *e || stem.strip_prefix(*e).is_some_and(|r| r.starts_with('.')))
        .max_by_key(|e| e.len())
}

/// Every payload, and every file in the agents' folders that is neither a
/// payload of a known event nor a golden (for the test to report).
pub fn fixtures() -> (Vec<Fixture>, Vec<PathBuf>) {
    use tackle_runtime::agents::{Agent, coverage};
    let (mut found, mut strays) = (Vec::new(), Vec::new());
    for agent in Agent::ALL {
        let events = coverage::events(agent);
        let dir = fixtures_dir().join(agent.name());
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries
            .map(|e| e.expect("dir entry").path())
            .filter(|p| p.is_file())
            .collect();
        paths.sort();
        for path in paths {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            if name.ends_with(".reply.json") {
                continue;
            }
            let event = name
                .strip_suffix(".json")
                .and_then(|stem| event_of(stem, &events));
            match event {
                Some(event) => found.push(Fixture {
                    agent: agent.name(),
                    event,
                    path,
                }),
                None => strays.push(path),
            }
        }
    }
    (found, strays)
}
