//! What the doctor found, for people and (`to_json`) for programs.

use std::path::PathBuf;

use serde_json::{Value, json};
use tackle::doctor::CheckStatus;

/// Every entry, in order: the host's validation first, then each plugin in
/// host order (its own validation, then its checks by source location).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DoctorReport {
    /// The entries.
    pub entries: Vec<DoctorEntry>,
}

/// One check's or one validation's result.
#[derive(Debug, Clone, PartialEq)]
pub struct DoctorEntry {
    /// The plugin it is about; `None` for the host.
    pub plugin: Option<&'static str>,
    /// The check's name, or the validation's (`config`, `skills`, `hooks`, `registry`).
    pub name: String,
    /// The check's category, if it declared one.
    pub category: Option<&'static str>,
    /// Whether it is the host's own validation rather than a plugin's check.
    pub builtin: bool,
    /// What it found.
    pub status: CheckStatus,
    /// What it says.
    pub message: String,
    /// The fix it offered, and what became of it.
    pub fix: Option<FixReport>,
}

/// A fix a check offered.
#[derive(Debug, Clone, PartialEq)]
pub struct FixReport {
    /// What it does.
    pub description: String,
    /// The paths it said it changes, as given.
    pub changed_paths: Vec<PathBuf>,
    /// What happened to it.
    pub outcome: FixOutcome,
}

/// What happened to a fix.
#[derive(Debug, Clone, PartialEq)]
pub enum FixOutcome {
    /// Not applied: fixes were not asked for.
    Available,
    /// Applied; the check ran again and found this.
    Applied {
        /// The new status.
        status: CheckStatus,
        /// The new message.
        message: String,
    },
    /// Not run: a changed path leaves the agent folder.
    Refused {
        /// Which path, and where it leads.
        reason: String,
    },
    /// Ran and failed (an error or a panic).
    Failed {
        /// Why.
        error: String,
    },
}

impl FixOutcome {
    /// `available`, `applied`, `refused` or `failed`, as `--json` spells it.
    pub fn as_str(&self) -> &'static str {
        match self {
            FixOutcome::Available => "available",
            FixOutcome::Applied { .. } => "applied",
            FixOutcome::Refused { .. } => "refused",
            FixOutcome::Failed { .. } => "failed",
        }
    }
}

impl DoctorEntry {
    /// The status after its fix, if one was applied; else its status.
    pub fn final_status(&self) -> CheckStatus {
        match &self.fix {
            Some(FixReport {
                outcome: FixOutcome::Applied { status, .. },
                ..
            }) => *status,
            _ => self.status,
        }
    }

    /// Whether it makes the doctor fail: a final status of `fail`, or a fix
    /// that was refused or failed.
    pub fn is_failure(&self) -> bool {
        self.final_status() == CheckStatus::Fail
            || matches!(
                self.fix.as_ref().map(|f| &f.outcome),
                Some(FixOutcome::Refused { .. } | FixOutcome::Failed { .. })
            )
    }

    fn to_json(&self) -> Value {
        let fix = self.fix.as_ref().map(|fix| {
            let mut out = json!({
                "description": fix.description,
                "changed_paths": fix.changed_paths.iter().map(|p| p.display().to_string()).collect::<Vec<_>>(),
                "outcome": fix.outcome.as_str(),
            });
            match &fix.outcome {
                FixOutcome::Applied { status, message } => {
                    out["after"] = json!({ "status": status.as_str(), "message": message });
                }
                FixOutcome::Refused { reason } => out["reason"] = json!(reason),
                FixOutcome::Failed { error } => out["error"] = json!(error),
                FixOutcome::Available => {}
            }
            out
        });
        json!({
            "plugin": self.plugin,
            "name": self.name,
            "category": self.category,
            "builtin": self.builtin,
            "status": self.status.as_str(),
            "final_status": self.final_status().as_str(),
            "message": self.message,
            "fix": fix,
        })
    }
}

impl DoctorReport {
    /// Whether anything failed (see [`DoctorEntry::is_failure`]).
    pub fn failed(&self) -> bool {
        self.entries.iter().any(DoctorEntry::is_failure)
    }

    /// How many entries end with this status.
    pub fn count(&self, status: CheckStatus) -> usize {
        self.entries
            .iter()
            .filter(|e| e.final_status() == status)
            .count()
    }

    /// How many fixes ended this way (`available`, `applied`, ...).
    pub fn fixes(&self, outcome: &str) -> usize {
        self.entries
            .iter()
            .filter(|e| {
                e.fix
                    .as_ref()
                    .is_some_and(|f| f.outcome.as_str() == outcome)
            })
            .count()
    }

    /// The report as JSON: `{"ok", "summary", "entries"}`.
    pub fn to_json(&self) -> Value {
        json!({
            "ok": !self.failed(),
            "summary": {
                "ok": self.count(CheckStatus::Ok),
                "warn": self.count(CheckStatus::Warn),
                "fail": self.count(CheckStatus::Fail),
                "fixes_available": self.fixes("available"),
                "fixes_applied": self.fixes("applied"),
                "fixes_refused": self.fixes("refused"),
                "fixes_failed": self.fixes("failed"),
            },
            "entries": self.entries.iter().map(DoctorEntry::to_json).collect::<Vec<_>>(),
        })
    }
}
