//! What a decision hook returns.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A hook's answer at a decision point: an [`Action`], and optionally text
/// for the model whatever the action.
///
/// ```
/// use serde_json::json;
/// use tackle::hook::{Action, Decision};
///
/// let d = Decision::deny("force-push to main").with_context("Push to a branch instead.");
/// assert!(d.is_deny());
/// assert_eq!(d.action, Action::Deny { reason: "force-push to main".into() });
/// assert_eq!(d.context.as_deref(), Some("Push to a branch instead."));
///
/// // One constructor per action; all but `deny` leave the hook's say to others.
/// assert_eq!(Decision::abstain(), Decision::ABSTAIN);
/// assert_eq!(Decision::allow().action, Action::Allow);
/// assert_eq!(Decision::ask().action, Action::Ask { reason: None });
/// assert_eq!(
///     Decision::ask_because("touches CI").action,
///     Action::Ask { reason: Some("touches CI".into()) },
/// );
/// let rewrite = Decision::modify(json!({"command": "cargo test --locked"}));
/// assert_eq!(rewrite.action, Action::Modify { input: json!({"command": "cargo test --locked"}) });
///
/// // Text for the model without an opinion.
/// let note = Decision::context("The tests are slow; run one file.");
/// assert_eq!(note.action, Action::Abstain);
/// assert!(!note.is_deny());
///
/// // The JSON form (`--json` output, recorded sessions).
/// assert_eq!(
///     serde_json::to_value(Decision::deny("no")).unwrap(),
///     json!({"action": {"action": "deny", "reason": "no"}}),
/// );
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[must_use]
pub struct Decision {
    /// What the hook decides.
    pub action: Action,
    /// Text added to the model's context (`additionalContext`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context: Option<String>,
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

impl Decision {
    /// No opinion.
    pub const ABSTAIN: Decision = Decision {
        action: Action::Abstain,
        context: None,
    };

    /// No opinion.
    pub const fn abstain() -> Decision {
        Decision::ABSTAIN
    }

    /// Let it proceed.
    pub const fn allow() -> Decision {
        Decision {
            action: Action::Allow,
            context: None,
        }
    }

    /// Hand it to the user.
    pub const fn ask() -> Decision {
        Decision {
            action: Action::Ask { reason: None },
            context: None,
        }
    }

    /// Hand it to the user, saying why.
    pub fn ask_because(reason: impl Into<String>) -> Decision {
        Decision {
            action: Action::Ask {
                reason: Some(reason.into()),
            },
            context: None,
        }
    }

    /// Stop it, saying why.
    pub fn deny(reason: impl Into<String>) -> Decision {
        Decision {
            action: Action::Deny {
                reason: reason.into(),
            },
            context: None,
        }
    }

    /// Replace the point's input (`serde_json::json!({...})` for tool
    /// arguments, a string for a prompt).
    pub fn modify(input: impl Into<Value>) -> Decision {
        Decision {
            action: Action::Modify {
                input: input.into(),
            },
            context: None,
        }
    }

    /// No opinion, but text for the model.
    pub fn context(text: impl Into<String>) -> Decision {
        Decision::ABSTAIN.with_context(text)
    }

    /// The same decision, with text for the model.
    pub fn with_context(mut self, text: impl Into<String>) -> Decision {
        self.context = Some(text.into());
        self
    }

    /// Whether it denies.
    pub fn is_deny(&self) -> bool {
        matches!(self.action, Action::Deny { .. })
    }
}

impl From<Action> for Decision {
    fn from(action: Action) -> Decision {
        Decision {
            action,
            context: None,
        }
    }
}
