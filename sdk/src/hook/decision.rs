//! What a decision hook returns.

use std::fmt;
use std::marker::PhantomData;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::takes::{self, AnyPoint, DecisionPoint, Takes};

/// A hook's answer at a decision point: an [`Action`], and optionally text
/// for the model whatever the action.
///
/// `P` is the point, by its event type: a hook at `stop` returns a
/// `Decision<Stop>`, and `#[hook(stop)]` reads its `-> Decision` so. Each
/// constructor asks for the point to take its action ([`Takes`]), so a
/// decision the point cannot take is a compile error where it is built.
/// With no point, `Decision` is `Decision<AnyPoint>`: what hosts fold and
/// what declarative plugins build, checked when it is folded.
///
/// ```
/// use serde_json::json;
/// use tackle::hook::{Action, BeforeToolCall, Decision, Stop};
///
/// let d: Decision<BeforeToolCall> =
///     Decision::deny("force-push to main").with_context("Push to a branch instead.");
/// assert!(d.is_deny());
/// assert_eq!(d.action, Action::Deny { reason: "force-push to main".into() });
/// assert_eq!(d.context.as_deref(), Some("Push to a branch instead."));
///
/// // One constructor per action; all but `deny` leave the hook's say to others.
/// let tool = |d: Decision<BeforeToolCall>| d.action;
/// assert_eq!(tool(Decision::abstain()), Action::Abstain);
/// assert_eq!(tool(Decision::allow()), Action::Allow);
/// assert_eq!(tool(Decision::ask()), Action::Ask { reason: None });
/// assert_eq!(
///     tool(Decision::ask_because("touches CI")),
///     Action::Ask { reason: Some("touches CI".into()) },
/// );
/// assert_eq!(
///     tool(Decision::modify(json!({"command": "cargo test --locked"}))),
///     Action::Modify { input: json!({"command": "cargo test --locked"}) },
/// );
///
/// // Text for the model without an opinion.
/// let note: Decision<Stop> = Decision::context("The tests are slow; run one file.");
/// assert_eq!(note.action, Action::Abstain);
/// assert!(!note.is_deny());
///
/// // A decision with no point, and the JSON form (`--json` output, recorded sessions).
/// let plain: Decision = d.into();
/// assert_eq!(
///     serde_json::to_value(&plain).unwrap(),
///     json!({"action": {"action": "deny", "reason": "force-push to main"},
///            "context": "Push to a branch instead."}),
/// );
/// ```
#[must_use]
pub struct Decision<P = AnyPoint> {
    /// What the hook decides.
    pub action: Action,
    /// Text added to the model's context (`additionalContext`).
    pub context: Option<String>,
    point: PhantomData<fn() -> P>,
}

/// The action part of a [`Decision`].
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Action {
    /// No opinion: the next hook, or the agent's default, decides.
    #[default]
    Abstain,
    /// Let it proceed (for a tool: without asking the user).
    Allow,
    /// Hand it to the user.
    Ask {
        /// Why, shown to the user.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
    /// Stop it. The first deny ends the fold.
    Deny {
        /// Why, shown to the model (and the user).
        reason: String,
    },
    /// Rewrite the point's input (a tool's arguments, a prompt, ...); later
    /// hooks see the rewritten input.
    Modify {
        /// The new input, whole.
        input: Value,
    },
}

impl<P> Decision<P> {
    /// No opinion: [`Decision::abstain()`] as a constant, for patterns and
    /// `const` items; elsewhere write `Decision::abstain()`, as the guide,
    /// the template and the compile errors do.
    pub const ABSTAIN: Self = Decision::of(Action::Abstain);

    const fn of(action: Action) -> Self {
        Decision {
            action,
            context: None,
            point: PhantomData,
        }
    }

    /// No opinion.
    pub const fn abstain() -> Self {
        Decision::of(Action::Abstain)
    }

    /// Let it proceed.
    pub const fn allow() -> Self
    where
        P: Takes<takes::Allow>,
    {
        Decision::of(Action::Allow)
    }

    /// Hand it to the user.
    pub const fn ask() -> Self
    where
        P: Takes<takes::Ask>,
    {
        Decision::of(Action::Ask { reason: None })
    }

    /// Hand it to the user, saying why.
    pub fn ask_because(reason: impl Into<String>) -> Self
    where
        P: Takes<takes::Ask>,
    {
        Decision::of(Action::Ask {
            reason: Some(reason.into()),
        })
    }

    /// Stop it, saying why.
    pub fn deny(reason: impl Into<String>) -> Self
    where
        P: Takes<takes::Deny>,
    {
        Decision::of(Action::Deny {
            reason: reason.into(),
        })
    }

    /// Replace the point's input (`serde_json::json!({...})` for tool
    /// arguments, a string for a prompt).
    pub fn modify(input: impl Into<Value>) -> Self
    where
        P: Takes<takes::Modify>,
    {
        Decision::of(Action::Modify {
            input: input.into(),
        })
    }

    /// No opinion, but text for the model.
    pub fn context(text: impl Into<String>) -> Self
    where
        P: Takes<takes::Context>,
    {
        Decision::ABSTAIN.with_context(text)
    }

    /// The same decision, with text for the model.
    pub fn with_context(mut self, text: impl Into<String>) -> Self
    where
        P: Takes<takes::Context>,
    {
        self.context = Some(text.into());
        self
    }

    /// Whether it denies.
    pub fn is_deny(&self) -> bool {
        matches!(self.action, Action::Deny { .. })
    }

    fn repoint<Q>(self) -> Decision<Q> {
        Decision {
            action: self.action,
            context: self.context,
            point: PhantomData,
        }
    }
}

/// A decision built with no point (by a helper, from a config), as one at
/// `P`: not checked here, but by the host when it folds it, as it checks
/// declarative plugins' decisions.
impl<P: DecisionPoint> From<Decision> for Decision<P> {
    fn from(decision: Decision) -> Self {
        decision.repoint()
    }
}

/// A point's decision, as hosts fold it.
impl<P: DecisionPoint> From<Decision<P>> for Decision {
    fn from(decision: Decision<P>) -> Self {
        decision.repoint()
    }
}

impl From<Action> for Decision {
    fn from(action: Action) -> Decision {
        Decision::of(action)
    }
}

// Written out rather than derived: a derive would ask `P` for the trait too.
impl<P> Clone for Decision<P> {
    fn clone(&self) -> Self {
        Decision {
            action: self.action.clone(),
            context: self.context.clone(),
            point: PhantomData,
        }
    }
}

impl<P> PartialEq for Decision<P> {
    fn eq(&self, other: &Self) -> bool {
        self.action == other.action && self.context == other.context
    }
}

impl<P> Default for Decision<P> {
    fn default() -> Self {
        Decision::ABSTAIN
    }
}

impl<P> fmt::Debug for Decision<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Decision")
            .field("action", &self.action)
            .field("context", &self.context)
            .finish()
    }
}

/// The JSON form of a decision with no point (what hosts record), as written.
#[derive(Serialize)]
struct WireRef<'a> {
    action: &'a Action,
    #[serde(skip_serializing_if = "Option::is_none")]
    context: Option<&'a str>,
}

/// The JSON form, as read.
#[derive(Deserialize)]
struct Wire {
    action: Action,
    #[serde(default)]
    context: Option<String>,
}

impl Serialize for Decision {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        WireRef {
            action: &self.action,
            context: self.context.as_deref(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Decision {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let Wire { action, context } = Wire::deserialize(deserializer)?;
        Ok(Decision {
            context,
            ..Decision::of(action)
        })
    }
}
