//! Gemini CLI's reply: a top-level `decision`; a tool's new arguments,
//! whole, in `hookSpecificOutput.tool_input` (they replace the old ones).

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tackle::hook::Verdict;

use super::Event;
use crate::Agent;
use crate::hook::answer::Answer;
use crate::hook::reply::{NativeReply, ask_reason, deny_reason, dropped, taken_context};

/// What a Gemini CLI hook prints on stdout.
#[serde_with::skip_serializing_none]
#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Output {
    /// A refusal, or (at `BeforeTool`) a call to confirm.
    pub(crate) decision: Option<Decision>,
    /// Why.
    pub(crate) reason: Option<String>,
    /// What the event itself takes.
    pub(crate) hook_specific_output: Option<Specific>,
}

/// `decision`. Gemini's `allow` is its default and skips nothing, so it is
/// never sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Decision {
    Deny,
    Ask,
}

/// `hookSpecificOutput`.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Specific {
    /// The event answered.
    #[serde(rename = "hookEventName")]
    pub(crate) hook_event_name: Event,
    /// At `BeforeTool`: the tool's new arguments.
    pub(crate) tool_input: Option<Value>,
    /// At `BeforeModel`: the new model request.
    pub(crate) llm_request: Option<Value>,
    /// At `AfterModel`: the new model response.
    pub(crate) llm_response: Option<Value>,
    /// Text for the conversation.
    #[serde(rename = "additionalContext")]
    pub(crate) additional_context: Option<String>,
}

impl Event {
    /// Events Gemini CLI fires without waiting for the hook's answer: it
    /// ignores every flow-control field there.
    fn is_advisory(self) -> bool {
        matches!(
            self,
            Event::PreCompress | Event::SessionEnd | Event::Notification
        )
    }

    /// Events whose `additionalContext` Gemini CLI adds.
    fn takes_context(self) -> bool {
        matches!(
            self,
            Event::AfterTool | Event::BeforeAgent | Event::SessionStart
        )
    }
}

/// Writes `answer` to `event` into `reply`.
pub(crate) fn encode(event: Event, answer: &Answer, reply: &mut NativeReply) {
    let agent = Agent::Gemini;
    let mut top = Output::default();
    let mut out = Specific {
        hook_event_name: event,
        tool_input: None,
        llm_request: None,
        llm_response: None,
        additional_context: None,
    };
    match &answer.outcome.verdict {
        Verdict::Deny { .. } if event.is_advisory() => {
            dropped(agent, event.name(), "a refusal", reply);
            reply.stderr.extend(deny_reason(answer));
        }
        Verdict::Deny { .. } => {
            top.decision = Some(Decision::Deny);
            top.reason = deny_reason(answer);
        }
        // `ask` makes it confirm the call.
        Verdict::Ask { .. } if event == Event::BeforeTool => {
            top.decision = Some(Decision::Ask);
            top.reason = ask_reason(answer);
        }
        _ => {}
    }
    if !answer.outcome.is_denied()
        && let Some(input) = answer.input()
    {
        // The field Gemini CLI reads the event's new input from.
        let field = match event {
            Event::BeforeTool => Some(&mut out.tool_input),
            Event::BeforeModel => Some(&mut out.llm_request),
            Event::AfterModel => Some(&mut out.llm_response),
            _ => None,
        };
        match field {
            Some(field) => *field = Some(input.clone()),
            None => dropped(agent, event.name(), "a rewrite", reply),
        }
    }
    out.additional_context =
        taken_context(agent, event.name(), event.takes_context(), answer, reply);
    if out.tool_input.is_some()
        || out.llm_request.is_some()
        || out.llm_response.is_some()
        || out.additional_context.is_some()
    {
        top.hook_specific_output = Some(out);
    }
    if top.decision.is_some() || top.hook_specific_output.is_some() {
        reply.print(&top);
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use tackle::hook::{HookPoint, Verdict};

    use super::*;
    use crate::hook::reply::encode as reply;
    use crate::hook::reply::tests::{answer, read};

    #[test]
    fn gemini_model_rewrites_go_where_gemini_reads_them() {
        let new = json!({"model": "m", "messages": []});
        let before = answer(
            HookPoint::BeforeLlmCall,
            Verdict::Abstain,
            Some(new.clone()),
        );
        let out: Output = read(&reply(Agent::Gemini, "BeforeModel", &before));
        let specific = out.hook_specific_output.expect("specific");
        assert_eq!(specific.hook_event_name, Event::BeforeModel);
        assert_eq!(specific.llm_request, Some(new.clone()));
        let after = answer(HookPoint::AfterLlmCall, Verdict::Abstain, Some(new.clone()));
        let out: Output = read(&reply(Agent::Gemini, "AfterModel", &after));
        assert_eq!(
            out.hook_specific_output.and_then(|s| s.llm_response),
            Some(new)
        );
    }
}
