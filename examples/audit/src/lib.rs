//! Audit logger: every hook event, with its outcome, as one JSON line.
//!
//! An example tackle plugin with one observer at the catch-all `event`
//! point, which sees every event a host dispatches after the event's own
//! hooks ran — denied tool calls included — with their outcome. Each event
//! becomes one line of JSON in the log file:
//!
//! ```json
//! {"ts":1767225600.123,"point":"before_tool_call","session_id":"s1",
//!  "event":{"session_id":"s1","cwd":"/p","tool_name":"Bash","arguments":{"command":"sudo ls"}},
//!  "outcome":{"point":"before_tool_call","verdict":"deny","reason":"...",
//!             "decided_by":{"by":"hook","hook":{"plugin":"guard","name":"refuse_destructive"}},
//!             "hooks_run":1}}
//! ```
//!
//! (shown wrapped; in the file each record is one line). Events that
//! `replay` dispatches are not logged: replaying the log leaves it as it
//! was. The file is opened
//! once, when the host starts, and each line is written whole and flushed,
//! so a crash loses at most the event being written. A failed write is the
//! hook's error: the host logs it and the agent carries on.
//!
//! A doctor check (`log-folder`) reports a log folder that went missing
//! while the host ran, and `doctor --fix` creates it again.
//!
//! ```toml
//! [plugins.audit-logger]
//! path = "logs/audit.jsonl"   # relative to the agent folder; default .tackle/audit.jsonl
//! ```

#![warn(missing_docs)]

mod doctor;
mod record;

use std::fs::{File, OpenOptions};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use tackle::hook::AnyEvent;
use tackle::prelude::*;

pub use record::Record;

tackle::plugin! {
    id: "audit-logger",
    name: "Audit logger",
    description: "Writes every hook event, with its verdict and deciding hook, to a JSONL file.",
    config: AuditConfig,
    state: Audit,
}

/// Settings from the host config's `[plugins.audit-logger]` block.
#[tackle::data]
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(default)]
pub struct AuditConfig {
    /// The log file (default `.tackle/audit.jsonl`, beside tackle's other
    /// files in the project); a relative path is resolved against the agent folder.
    /// Created if missing (with its folders), appended to otherwise.
    pub path: PathBuf,
}

impl Default for AuditConfig {
    fn default() -> Self {
        AuditConfig {
            path: PathBuf::from(".tackle/audit.jsonl"),
        }
    }
}

/// The open log file.
#[derive(Debug)]
pub struct Audit {
    path: PathBuf,
    file: Mutex<File>,
}

impl Audit {
    /// Opens (or creates) the log at `path` for appending.
    pub fn open(path: PathBuf) -> std::io::Result<Audit> {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        let file = OpenOptions::new().create(true).append(true).open(&path)?;
        Ok(Audit {
            path,
            file: Mutex::new(file),
        })
    }

    /// Where the log is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends one record as a line and flushes it.
    pub fn write(&self, record: &Record<'_>) -> Result<(), String> {
        let line = record
            .to_line()
            .map_err(|e| format!("cannot encode the {} event: {e}", record.point))?;
        // One `write_all` per line, under the lock: lines from concurrent
        // dispatches never interleave.
        let mut file = self.file.lock().unwrap_or_else(|e| e.into_inner());
        file.write_all(&line)
            .and_then(|()| file.flush())
            .map_err(|e| format!("cannot write to the audit log {}: {e}", self.path.display()))
    }
}

impl PluginState for Audit {
    type Config = AuditConfig;

    async fn init(plugin: &PluginContext<AuditConfig>) -> Result<Self, BoxError> {
        let path = plugin.agent_dir().join(&plugin.config().path);
        Audit::open(path.clone())
            .map_err(|e| format!("cannot open the audit log {}: {e}", path.display()).into())
    }
}

/// Appends every dispatched event, with its outcome, to the log; events a
/// `replay` dispatches (`replay: true` in the session's metadata) are not
/// written, so that replaying the log does not append to it.
#[hook(event)]
fn record(ev: &AnyEvent, ctx: &HookContext<AuditConfig>, audit: &Audit) -> Result<(), String> {
    if ctx.metadata().get("replay") == Some(&tackle::serde_json::Value::Bool(true)) {
        return Ok(());
    }
    audit.write(&Record::of(ev))
}

#[cfg(test)]
mod tests {
    use tackle::hook::{HookPoint, Outcome, SessionEnd};

    use super::*;

    #[test]
    fn records_are_appended_one_per_line_creating_folders() {
        let dir = std::env::temp_dir().join(format!("tackle-audit-{}", std::process::id()));
        let path = dir.join("nested/audit.jsonl");
        let outcome = Outcome::new(HookPoint::SessionEnd);
        for session in ["a", "b"] {
            // Each open appends to what the previous one wrote.
            let audit = Audit::open(path.clone()).expect("opens");
            let event = SessionEnd {
                session_id: session.into(),
                ..Default::default()
            };
            audit
                .write(&Record::of(&AnyEvent::new(&event, &outcome)))
                .expect("writes");
        }
        let text = std::fs::read_to_string(&path).expect("log");
        let sessions: Vec<String> = text
            .lines()
            .map(|l| {
                let v: tackle::serde_json::Value = tackle::serde_json::from_str(l).expect("json");
                v["session_id"].as_str().unwrap_or_default().to_owned()
            })
            .collect();
        assert_eq!(sessions, ["a", "b"]);
        std::fs::remove_dir_all(dir).expect("cleaned up");
    }

    #[test]
    fn opening_fails_where_the_folder_cannot_be_made() {
        let file = std::env::temp_dir().join(format!("tackle-audit-file-{}", std::process::id()));
        std::fs::write(&file, "").expect("file");
        // A path under a regular file cannot be created.
        let err = Audit::open(file.join("audit.jsonl")).expect_err("fails");
        assert!(!err.to_string().is_empty());
        std::fs::remove_file(file).expect("cleaned up");
    }
}
