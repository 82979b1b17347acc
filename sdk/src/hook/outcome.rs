//! What the hooks of one point decided together.

use std::fmt;

use serde::Serialize;
use serde_json::Value;

use super::point::HookPoint;

/// The folded decision of a point's hooks: Deny > Ask > Allow > Abstain.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum Verdict {
    /// Nobody had an opinion: the agent's default applies.
    #[default]
    Abstain,
    /// Proceed without asking.
    Allow,
    /// Hand it to the user.
    Ask {
        /// The first reason given, if any.
        #[serde(skip_serializing_if = "Option::is_none")]
        reason: Option<Box<str>>,
    },
    /// Stop it.
    Deny {
        /// Why, for the model and the user.
        reason: Box<str>,
    },
}

/// A hook, named as `plugin::function` (or the `name` it declared).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct HookId {
    /// Its plugin's id.
    pub plugin: &'static str,
    /// Its name within the plugin.
    pub name: &'static str,
}

impl fmt::Display for HookId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}::{}", self.plugin, self.name)
    }
}

/// Who settled the verdict.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum Decider {
    /// A hook.
    Hook {
        /// Which one.
        hook: HookId,
    },
    /// A permission rule (boxed: outcomes stay small to move).
    Rule(Box<RuleRef>),
}

/// A permission rule, as outcomes name it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RuleRef {
    /// Where it was declared: ``plugin `guard` `` or the host config's origin.
    pub origin: String,
    /// Its position there, from 0.
    pub index: usize,
    /// The rule, written out (`deny Bash "npm publish*"`).
    pub rule: String,
}

impl fmt::Display for Decider {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decider::Hook { hook } => write!(f, "hook `{hook}`"),
            Decider::Rule(r) => write!(
                f,
                "permission rule {} of {} ({})",
                r.index, r.origin, r.rule
            ),
        }
    }
}

/// Text a hook (or a context file) added for the model.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Contribution {
    /// Who added it.
    pub hook: HookId,
    /// The text.
    pub text: String,
}

/// A hook that did not answer normally. Decision hooks that fail abstain,
/// or deny when they declared `on_error = "closed"`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HookFailure {
    /// Which hook.
    pub hook: HookId,
    /// How it failed.
    pub kind: FailureKind,
    /// What it said, or what happened.
    pub message: String,
}

impl fmt::Display for HookFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "hook `{}` {}: {}", self.hook, self.kind, self.message)
    }
}

/// How a hook failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FailureKind {
    /// It returned an error.
    Error,
    /// It panicked.
    Panic,
    /// It ran past its timeout.
    Timeout,
    /// It was not run: earlier runs of it are stuck past their limit (in
    /// a server, which runs hooks on worker threads).
    Stuck,
    /// It returned an action that is not meaningful at this point (the
    /// action was ignored; any context was kept).
    Ignored,
}

impl fmt::Display for FailureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FailureKind::Error => "failed",
            FailureKind::Panic => "panicked",
            FailureKind::Timeout => "timed out",
            FailureKind::Stuck => "is stuck",
            FailureKind::Ignored => "returned an action this point does not take",
        })
    }
}

/// What a dispatch of one event produced.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Outcome {
    /// The point dispatched.
    pub point: HookPoint,
    /// How many hooks ran (matched and were called).
    pub hooks_run: u32,
    /// The folded verdict.
    #[serde(flatten)]
    pub verdict: Verdict,
    /// Who settled it: the denier for a deny, the first asker for ask, the
    /// first to allow for allow.
    pub decided_by: Option<Decider>,
    /// The input after every `modify`, if any hook modified it (boxed:
    /// outcomes stay small to move).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input: Option<Box<Value>>,
    /// Every hook's added context, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub context: Vec<Contribution>,
    /// Hooks that failed, timed out, or answered out of place.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub failures: Vec<HookFailure>,
}

impl Outcome {
    /// Nothing ran yet.
    #[inline]
    pub fn new(point: HookPoint) -> Outcome {
        Outcome {
            point,
            hooks_run: 0,
            verdict: Verdict::Abstain,
            decided_by: None,
            input: None,
            context: Vec::new(),
            failures: Vec::new(),
        }
    }

    /// Whether it was denied.
    pub fn is_denied(&self) -> bool {
        matches!(self.verdict, Verdict::Deny { .. })
    }

    /// Whether it goes to the user.
    pub fn is_ask(&self) -> bool {
        matches!(self.verdict, Verdict::Ask { .. })
    }

    /// Whether it was allowed.
    pub fn is_allowed(&self) -> bool {
        self.verdict == Verdict::Allow
    }

    /// Whether nobody had an opinion.
    pub fn is_abstain(&self) -> bool {
        self.verdict == Verdict::Abstain
    }

    /// The deny reason, if denied.
    pub fn deny_reason(&self) -> Option<&str> {
        match &self.verdict {
            Verdict::Deny { reason } => Some(reason),
            _ => None,
        }
    }

    /// All added context, joined by blank lines.
    pub fn context_text(&self) -> String {
        self.context
            .iter()
            .map(|c| c.text.as_str())
            .collect::<Vec<_>>()
            .join("\n\n")
    }
}
