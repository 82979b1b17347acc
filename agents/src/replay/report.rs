//! What a replay found: one entry per event, and the counts.

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;
use serde_json::Value;
use tackle::hook::{Decider, HookPoint, Verdict};

use super::{Format, LineProblem};

/// What the hooks decided about one event, as the report shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ruling {
    /// Nobody had an opinion: the agent's default applies.
    Abstain,
    /// A hook or rule let it through without asking.
    Allow,
    /// It would have gone to the user.
    Ask,
    /// It would have been refused.
    Deny,
    /// Not dispatched: the tool call it reports on was denied in the replay.
    Skipped,
}

impl Ruling {
    /// The ruling of a folded verdict.
    pub fn of(verdict: &Verdict) -> Ruling {
        match verdict {
            Verdict::Abstain => Ruling::Abstain,
            Verdict::Allow => Ruling::Allow,
            Verdict::Ask { .. } => Ruling::Ask,
            Verdict::Deny { .. } => Ruling::Deny,
        }
    }

    /// Its name, as in the JSON.
    pub fn name(self) -> &'static str {
        match self {
            Ruling::Abstain => "abstain",
            Ruling::Allow => "allow",
            Ruling::Ask => "ask",
            Ruling::Deny => "deny",
            Ruling::Skipped => "skipped",
        }
    }
}

impl fmt::Display for Ruling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Context added for the model.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Added {
    /// The hook, `plugin::name`; or [`SYSTEM_CONTEXT`] for the plugins'
    /// system context (their context files and `system_prompt` hooks'
    /// text, under a header per plugin), as the agent is given it.
    pub hook: String,
    /// How many characters it added.
    pub chars: usize,
    /// The text.
    pub text: String,
}

/// How [`Added::hook`] names the plugins' system context.
pub const SYSTEM_CONTEXT: &str = "system_prompt";

/// What a recorded run decided (from an event log's `outcome`).
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Recorded {
    /// Its verdict.
    pub verdict: Ruling,
    /// The deny reason or the question, if any.
    pub reason: Option<String>,
    /// Who decided, as [`Replayed::decided_by`] names it.
    pub decided_by: Option<String>,
}

impl Recorded {
    /// Reads an outcome as tackle serializes it (`{"verdict":"deny",
    /// "reason":..,"decided_by":{"by":"hook","hook":{..}}}`); what is missing
    /// or unknown reads as abstain.
    pub fn from_outcome(outcome: &Value) -> Recorded {
        let text = |v: &Value, key: &str| v.get(key).and_then(Value::as_str).map(str::to_owned);
        let verdict = match outcome.get("verdict").and_then(Value::as_str) {
            Some("allow") => Ruling::Allow,
            Some("ask") => Ruling::Ask,
            Some("deny") => Ruling::Deny,
            _ => Ruling::Abstain,
        };
        let decided_by =
            outcome
                .get("decided_by")
                .and_then(|d| match d.get("by").and_then(Value::as_str)? {
                    "hook" => {
                        let hook = d.get("hook")?;
                        Some(format!(
                            "{}::{}",
                            text(hook, "plugin")?,
                            text(hook, "name")?
                        ))
                    }
                    "rule" => Some(rule_name(&text(d, "rule")?, &text(d, "origin")?)),
                    _ => None,
                });
        Recorded {
            verdict,
            reason: text(outcome, "reason"),
            decided_by,
        }
    }
}

/// How the report names who decided: `plugin::hook`, or a permission rule
/// with where it was declared.
pub(crate) fn decider_name(decider: &Decider) -> String {
    match decider {
        Decider::Hook { hook } => hook.to_string(),
        Decider::Rule(rule) => rule_name(&rule.rule, &rule.origin),
    }
}

fn rule_name(rule: &str, origin: &str) -> String {
    format!("rule `{rule}` of {origin}")
}

/// One replayed event.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Replayed {
    /// The line it comes from, from 1.
    pub line: usize,
    /// Seconds since the first recorded time, if the file has times.
    pub at: Option<f64>,
    /// The session.
    pub session_id: String,
    /// The point it is shown as (see [`Step::point`](super::Step::point)).
    pub point: HookPoint,
    /// Claude Code's hook event, for transcripts.
    pub native: Option<&'static str>,
    /// Every point dispatched, in order.
    pub points: Vec<HookPoint>,
    /// The tool, at tool points.
    pub tool: Option<String>,
    /// A one-line rendering of the event: `$ cargo test`, `src/x.rs`, a prompt.
    pub subject: String,
    /// What the hooks decided.
    pub verdict: Ruling,
    /// The deny reason, the question asked, or why it was skipped.
    pub reason: Option<String>,
    /// Who decided: `plugin::hook`, or ``rule `deny Bash "npm publish*"` of
    /// plugin `guard` ``.
    pub decided_by: Option<String>,
    /// The input after the hooks' rewrites (the new tool arguments, the
    /// new prompt), if a hook rewrote it.
    pub modified: Option<Value>,
    /// Context hooks added, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub context: Vec<Added>,
    /// Hooks that failed, timed out or answered out of place, and events
    /// that did not fit their point.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub failures: Vec<String>,
    /// How many hooks ran.
    pub hooks_run: u32,
    /// What the recorded run decided, for event logs.
    pub recorded: Option<Recorded>,
    /// Whether today's verdict differs from the recorded one.
    pub changed: bool,
}

impl Replayed {
    /// Whether a hook rewrote the input.
    pub fn is_modified(&self) -> bool {
        self.modified.is_some()
    }

    /// Who decided and why, for the summary's lists.
    pub(crate) fn decided(&self) -> String {
        let by = self.decided_by.as_deref().unwrap_or("(no hook named)");
        match self.shown_reason() {
            Some(reason) => format!("{by}: {reason}"),
            None => by.to_owned(),
        }
    }

    /// The reason worth showing: not one that only names the rule or hook
    /// named beside it (a permission rule's, or a hook's that gave none).
    pub(crate) fn shown_reason(&self) -> Option<&str> {
        self.reason
            .as_deref()
            .filter(|r| !tackle_host::refusal::is_default(r))
    }

    /// The tool and what it is about: `Bash $ cargo test`.
    pub(crate) fn subject_line(&self) -> String {
        match (&self.tool, self.subject.is_empty()) {
            (Some(tool), false) => format!("{tool} {}", self.subject),
            (Some(tool), true) => tool.clone(),
            (None, _) => self.subject.clone(),
        }
    }
}

/// The counts of a replay.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Summary {
    /// Events replayed (skipped ones included).
    pub events: usize,
    /// Events per point, by the point they are shown as, in catalogue order.
    pub points: BTreeMap<HookPoint, usize>,
    /// Sessions seen.
    pub sessions: usize,
    /// Events denied.
    pub denied: usize,
    /// Events that would have gone to the user.
    pub asked: usize,
    /// Events a hook or rule allowed outright.
    pub allowed: usize,
    /// Events whose input a hook rewrote.
    pub modified: usize,
    /// Events a hook added context to.
    pub context_added: usize,
    /// Tool results not dispatched because their call was denied.
    pub skipped: usize,
    /// Events whose verdict differs from the recorded one.
    pub changed: usize,
    /// Hook failures, over all events.
    pub hook_failures: usize,
    /// Lines that could not be read.
    pub malformed_lines: usize,
    /// Lines of kinds that carry no hook event, by kind.
    pub skipped_lines: BTreeMap<String, usize>,
    /// Seconds from the first recorded time to the last.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duration: Option<f64>,
}

impl Summary {
    /// The counts of these entries.
    pub fn of(entries: &[Replayed]) -> Summary {
        let mut tally = super::Tally::default();
        for e in entries {
            tally.add(e);
        }
        tally.summary().clone()
    }
}

/// A replay's result: `{"format", "file", "events", "summary", "problems"}`
/// as JSON.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// What kind of file was read.
    pub format: Option<Format>,
    /// The file, as the user named it (`-` for stdin); set by the caller.
    pub file: Option<String>,
    /// Every event, in order.
    pub events: Vec<Replayed>,
    /// The counts.
    pub summary: Summary,
    /// Lines that could not be read.
    pub problems: Vec<LineProblem>,
}
