//! What a Claude Code hook prints on stdout, typed in the order of its keys
//! on the wire. Codex, Droid, Qwen, VS Code and Copilot CLI read it, or
//! parts of it, too.
//!
//! Reading is lenient where Claude Code is: an absent key and `null` are the
//! same, and keys it does not know are ignored.

use std::borrow::Cow;

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

/// What a Claude Code hook prints on stdout.
#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Output {
    /// `block`: a refusal at an event blocked at the top level; `approve`:
    /// no objection.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decision: Option<TopDecision>,
    /// Why it was blocked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// `false` stops the agent (Codex's only refusal of a compaction).
    #[serde(rename = "continue", skip_serializing_if = "Option::is_none")]
    pub keep_going: Option<bool>,
    /// Why it stopped.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stop_reason: Option<String>,
    /// Whether the agent hides the hook's output from the transcript.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suppress_output: Option<bool>,
    /// A message for the user.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub system_message: Option<String>,
    /// What the event itself takes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hook_specific_output: Option<Specific>,
}

/// The top-level decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TopDecision {
    /// No objection (at `Stop`, nothing more).
    Approve,
    /// Refused, with the top-level `reason`.
    Block,
}

impl TopDecision {
    /// Every value, for messages.
    pub const ALL: &[TopDecision] = &[TopDecision::Approve, TopDecision::Block];
}

/// `hookSpecificOutput`: the event's name, and what it takes.
#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Specific {
    /// The event answered. Read as empty when absent or `null`.
    #[serde(default, deserialize_with = "null_as_empty")]
    pub hook_event_name: Cow<'static, str>,
    /// At `PreToolUse`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub permission_decision: Option<PermissionDecision>,
    /// At `PreToolUse`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub permission_decision_reason: Option<String>,
    /// At `PreToolUse`: the tool's new arguments.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub updated_input: Option<Value>,
    /// At `PermissionRequest`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decision: Option<RequestDecision>,
    /// At `PostToolUse`: the tool's new result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub updated_tool_output: Option<Value>,
    /// Text for the conversation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub additional_context: Option<String>,
}

impl Specific {
    /// An answer to `event` that says nothing yet.
    pub fn new(event: &'static str) -> Specific {
        Specific {
            hook_event_name: Cow::Borrowed(event),
            ..Specific::default()
        }
    }

    /// The output holding it, unless it holds nothing but the event's name
    /// (an agent reads an empty answer as no answer).
    pub fn output(self) -> Option<Output> {
        let holds_something = self.permission_decision.is_some()
            || self.permission_decision_reason.is_some()
            || self.updated_input.is_some()
            || self.decision.is_some()
            || self.updated_tool_output.is_some()
            || self.additional_context.is_some();
        holds_something.then(|| Output {
            hook_specific_output: Some(self),
            ..Output::default()
        })
    }
}

/// `permissionDecision`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PermissionDecision {
    /// Run it without asking.
    Allow,
    /// Refuse it.
    Deny,
    /// Ask the user.
    Ask,
    /// Leave it to the agent's other rules.
    Defer,
}

impl PermissionDecision {
    /// Every value, for messages.
    pub const ALL: &[PermissionDecision] = &[
        PermissionDecision::Allow,
        PermissionDecision::Deny,
        PermissionDecision::Ask,
        PermissionDecision::Defer,
    ];
}

/// `PermissionRequest`'s `decision`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RequestDecision {
    /// Granted or refused.
    pub behavior: Behavior,
    /// Why it was refused.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The call's new arguments, granted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub updated_input: Option<Value>,
}

/// `behavior`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Behavior {
    /// Granted.
    Allow,
    /// Refused.
    Deny,
}

impl Behavior {
    /// Every value, for messages.
    pub const ALL: &[Behavior] = &[Behavior::Allow, Behavior::Deny];
}

fn null_as_empty<'de, D: Deserializer<'de>>(de: D) -> Result<Cow<'static, str>, D::Error> {
    Ok(Option::<String>::deserialize(de)?.map_or(Cow::Borrowed(""), Cow::Owned))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_answer_prints_nothing_and_keys_keep_their_wire_order() {
        assert_eq!(Specific::new("Stop").output(), None);
        let mut specific = Specific::new("PreToolUse");
        specific.permission_decision = Some(PermissionDecision::Deny);
        specific.permission_decision_reason = Some("no".to_owned());
        let text = serde_json::to_string(&specific.output()).expect("serializes");
        assert_eq!(
            text,
            r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}"#
        );
    }

    #[test]
    fn null_reads_as_absent() {
        let out: Output = serde_json::from_str(
            r#"{"decision": null, "hookSpecificOutput": {"hookEventName": null, "updatedInput": null}}"#,
        )
        .expect("reads");
        let specific = out.hook_specific_output.expect("specific");
        assert_eq!(
            (out.decision, specific.hook_event_name.as_ref()),
            (None, "")
        );
        assert_eq!(specific.updated_input, None);
    }
}
