//! Copilot CLI's reply: Claude's decision fields at the top level, its own
//! names for rewrites (`modifiedArgs`, `modifiedResult`,
//! `modifiedPrompt`).

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tackle::hook::Verdict;

use super::Event;
use crate::Agent;
use crate::claude::reply::{PermissionDecision, TopDecision};
use crate::hook::answer::Answer;
use crate::hook::reply::{
    NativeReply, ask_reason, deny_reason, dropped, refusal_dropped, taken_context,
};

/// What a Copilot CLI hook prints on stdout.
#[serde_with::skip_serializing_none]
#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Output {
    /// At `preToolUse`.
    pub(crate) permission_decision: Option<PermissionDecision>,
    /// At `preToolUse`.
    pub(crate) permission_decision_reason: Option<String>,
    /// At `preToolUse`: the tool's new arguments.
    pub(crate) modified_args: Option<Value>,
    /// `block`, at a prompt or a stop.
    pub(crate) decision: Option<TopDecision>,
    /// Why it was blocked.
    pub(crate) reason: Option<String>,
    /// At `userPromptSubmitted`: the new prompt.
    pub(crate) modified_prompt: Option<Value>,
    /// At `postToolUse`: the tool's new result.
    pub(crate) modified_result: Option<Value>,
    /// Text for the conversation.
    pub(crate) additional_context: Option<String>,
}

impl Event {
    /// Events whose `additionalContext` Copilot CLI adds.
    fn takes_context(self) -> bool {
        matches!(
            self,
            Event::PreToolUse
                | Event::PostToolUse
                | Event::PostToolUseFailure
                | Event::UserPromptSubmitted
                | Event::SessionStart
                | Event::SubagentStart
        )
    }
}

/// Writes `answer` to `event` into `reply`.
pub(crate) fn encode(event: Event, answer: &Answer, reply: &mut NativeReply) {
    let agent = Agent::Copilot;
    let mut out = Output::default();
    let input = answer.input().filter(|_| !answer.outcome.is_denied());
    match event {
        Event::PreToolUse => {
            let decision = match &answer.outcome.verdict {
                Verdict::Deny { .. } => Some((PermissionDecision::Deny, deny_reason(answer))),
                Verdict::Ask { .. } => Some((PermissionDecision::Ask, ask_reason(answer))),
                Verdict::Allow => Some((PermissionDecision::Allow, None)),
                Verdict::Abstain => None,
            };
            if let Some((decision, reason)) = decision {
                out.permission_decision = Some(decision);
                out.permission_decision_reason = reason;
            }
            out.modified_args = input.cloned();
        }
        Event::UserPromptSubmitted | Event::AgentStop | Event::SubagentStop => {
            if let Some(reason) = deny_reason(answer) {
                out.decision = Some(TopDecision::Block);
                out.reason = Some(reason);
            }
            if let Some(input) = input {
                if event == Event::UserPromptSubmitted {
                    out.modified_prompt = Some(input.clone());
                } else {
                    dropped(agent, event.name(), "a rewrite", reply);
                }
            }
        }
        Event::PostToolUse => {
            if let Some(reason) = deny_reason(answer) {
                refusal_dropped(agent, event.name(), reason, reply);
            }
            out.modified_result = input.cloned();
        }
        _ => {
            if let Some(reason) = deny_reason(answer) {
                refusal_dropped(agent, event.name(), reason, reply);
            }
            if input.is_some() {
                dropped(agent, event.name(), "a rewrite", reply);
            }
        }
    }
    out.additional_context =
        taken_context(agent, event.name(), event.takes_context(), answer, reply);
    if out != Output::default() {
        reply.print(&out);
    }
}
