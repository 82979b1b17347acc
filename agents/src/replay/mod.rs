//! Replaying a recorded session through today's hooks: what would have
//! been denied, asked or rewritten.
//!
//! [`read`] takes a Claude Code transcript (`~/.claude/projects/<project>/
//! <session>.jsonl`) or tackle's own event log (the JSONL the
//! `audit-logger` example writes) and turns it into [`Step`]s, one hook
//! event each; lines it cannot use are [`LineProblem`]s, never an error.
//! [`Replay::replay`] (`host.replay(..)`) dispatches the steps in order, in
//! the session and folder they were recorded in, so stateful hooks (a
//! doom-loop counter, a read-before-edit ledger) see the session as it
//! happened, and returns a [`Report`]: one [`Replayed`] entry per event and
//! a [`Summary`]. A tool call that a hook now denies would not have run, so
//! its recorded result is not dispatched (its entry is `skipped`).
//!
//! ```
//! use tackle_agents::replay::{self, Replay, ReplayOptions, Ruling};
//!
//! # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
//! let transcript = replay::read(concat!(
//!     r#"{"type":"user","sessionId":"s1","cwd":"/p","timestamp":"2026-01-05T10:00:00Z","#,
//!     r#""message":{"role":"user","content":"clean up"}}"#, "\n",
//!     "not json\n",
//! ));
//! assert_eq!(transcript.format, Some(replay::Format::Claude));
//! assert_eq!(transcript.problems[0].line, 2);
//!
//! let host = tackle_host::Host::builder().build().await.expect("host");
//! let report = host
//!     .replay(&transcript, &ReplayOptions::default(), |entry, done, total| {
//!         eprintln!("{done}/{total} {}", entry.point);
//!     })
//!     .await;
//! // session_start, user_prompt_submit, stop, session_end; no hook here.
//! assert_eq!(report.summary.events, 4);
//! assert!(report.events.iter().all(|e| e.verdict == Ruling::Abstain));
//! println!("{}", report.render(&replay::RenderOptions::plain(100)));
//! # });
//! ```

mod brief;
mod claude;
mod json;
mod lines;
mod log;
mod reader;
mod render;
mod report;
mod run;
mod tally;
mod time;

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::Value;
use tackle::hook::HookPoint;

pub use self::json::JsonWriter;
pub use self::reader::{Item, Reader};
pub use self::render::{Only, RenderOptions, column_labels, header};
pub use self::report::{Added, Recorded, Replayed, Report, Ruling, SYSTEM_CONTEXT, Summary};
pub use self::run::{Replay, ReplayOptions, Replayer};
pub use self::tally::{LIST_CAP, Tally};

/// The longest line read; a longer one is reported and skipped (a
/// transcript holds whole files read and written, but not without end).
pub const MAX_LINE_BYTES: usize = 16 * 1024 * 1024;

/// The most tool calls a reader keeps waiting for their result (a
/// transcript's `tool_use` without its `tool_result` yet); past it the
/// oldest is forgotten, and reported.
pub const MAX_OPEN_CALLS: usize = 1024;

/// What kind of file was read, judged by its first line that parses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Format {
    /// A Claude Code session transcript.
    #[serde(rename = "claude-transcript")]
    Claude,
    /// tackle's own event log (`{"ts","point","session_id","event","outcome"}`).
    #[serde(rename = "tackle-log")]
    Log,
}

impl Format {
    /// How the report names it.
    pub fn title(self) -> &'static str {
        match self {
            Format::Claude => "Claude Code transcript",
            Format::Log => "tackle event log",
        }
    }
}

/// A line that was skipped, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LineProblem {
    /// Its number, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

/// One hook event to replay.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// The line it comes from, from 1 (for events tackle adds, such as
    /// the end of a session, the line that implies them).
    pub line: usize,
    /// When it happened, in seconds since the Unix epoch, if recorded.
    pub time: Option<f64>,
    /// Claude Code's hook event (`PreToolUse`), for transcripts.
    pub native: Option<&'static str>,
    /// The points dispatched, in order; the first refusal ends the step.
    pub points: Vec<HookPoint>,
    /// The event, as the points' typed events read it (`session_id`,
    /// `cwd`, `tool_name`, `tool_input`, ...).
    pub fields: Value,
    /// The tool call it belongs to (the agent's id, or one tackle made up
    /// to pair a call with its result).
    pub call: Option<String>,
    /// What the recorded run decided, for event logs.
    pub recorded: Option<Recorded>,
}

impl Step {
    /// The point the step is shown as: the one its native event is named
    /// for, else its first.
    pub fn point(&self) -> HookPoint {
        let native = self
            .native
            .and_then(HookPoint::from_name)
            .filter(|p| self.points.contains(p));
        native
            .or_else(|| self.points.first().copied())
            .unwrap_or(HookPoint::AnyEvent)
    }

    /// The session it belongs to (empty if unknown).
    pub fn session_id(&self) -> &str {
        self.fields
            .get("session_id")
            .and_then(Value::as_str)
            .unwrap_or_default()
    }
}

/// A file, read: its events and the lines that were skipped.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Transcript {
    /// What kind of file it is; `None` when no line told.
    pub format: Option<Format>,
    /// The events, in order.
    pub steps: Vec<Step>,
    /// Lines that could not be read, in order.
    pub problems: Vec<LineProblem>,
    /// Lines of kinds that carry no hook event (`summary`,
    /// `file-history-snapshot`, ...), counted by kind.
    pub skipped: BTreeMap<String, usize>,
    /// How many lines the file has.
    pub lines: usize,
}

/// Reads a transcript or event log held in memory, whole: what
/// [`Reader`] gives, collected. Never fails: what cannot be read is in
/// [`Transcript::problems`], with its line number.
pub fn read(text: &str) -> Transcript {
    let mut reader = Reader::new(text.as_bytes());
    let mut transcript = Transcript::default();
    // Reading memory cannot fail.
    while let Ok(Some(item)) = reader.next_item() {
        match item {
            Item::Step(step) => transcript.steps.push(step),
            Item::Problem(problem) => transcript.problems.push(problem),
            Item::Skipped(kind) => *transcript.skipped.entry(kind).or_default() += 1,
        }
    }
    transcript.format = reader.format();
    transcript.lines = reader.lines();
    transcript
}

/// The format a line shows, if it is a JSON object of either kind.
fn detect(fields: &serde_json::Map<String, Value>) -> Option<Format> {
    if fields.contains_key("point") && fields.contains_key("event") {
        Some(Format::Log)
    } else if fields.get("type").is_some_and(Value::is_string) || fields.contains_key("sessionId") {
        Some(Format::Claude)
    } else {
        None
    }
}

/// One line as a JSON object; `Err(None)` for a blank line (skipped
/// without a word), `Err(Some(problem))` for one that is not an object.
fn parse_line(
    line: usize,
    text: &str,
) -> Result<serde_json::Map<String, Value>, Option<LineProblem>> {
    if text.trim().is_empty() {
        return Err(None);
    }
    let problem = |message: String| Some(LineProblem { line, message });
    if text.len() > MAX_LINE_BYTES {
        return Err(problem(too_long(text.len())));
    }
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(fields)) => Ok(fields),
        Ok(other) => Err(problem(format!(
            "expected a JSON object, found {} — skipped",
            tackle::Problem::show_value(&other)
        ))),
        Err(e) => Err(problem(format!("{} — skipped", json_error(&e)))),
    }
}

/// The problem of a line over [`MAX_LINE_BYTES`].
fn too_long(bytes: usize) -> String {
    format!(
        "longer than {} MiB ({bytes} bytes) — skipped",
        MAX_LINE_BYTES / (1024 * 1024)
    )
}

/// serde_json's message without its `at line 1`: each line is parsed on its
/// own, so only the column means anything.
fn json_error(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let message = text.split(" at line ").next().unwrap_or(&text);
    format!("{message} at column {}", e.column())
}

#[cfg(test)]
mod tests;
