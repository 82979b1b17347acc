//! SuperQode's reply: tackle's own format ([`ShimReply`]), with only what
//! SuperQode acts on at the event (read from its 2.25.0 agent loop): a
//! refusal at its four gating points, a grant at `permission_request`
//! (which pre-approves a call the user would be asked about), new tool
//! arguments at `before_tool_call`, text at `context_injectors`. Anything
//! else is reported on stderr as dropped.
//!
//! `ask` at `permission_request` is an abstention: SuperQode's own
//! permission check then decides, and asks the user where it would. Its
//! `user_prompt_submit` ignores a rewrite, and its other points only
//! observe.

use tackle::hook::Verdict;

use super::Event;
use crate::Agent;
use crate::hook::answer::Answer;
use crate::hook::reply::{NativeReply, deny_reason, dropped, taken_context, taken_rewrite};
use crate::hook::shim_reply::{ShimDecision, ShimReply};

impl Event {
    /// The points whose refusal SuperQode acts on.
    fn is_gating(self) -> bool {
        matches!(
            self,
            Event::UserPromptSubmit
                | Event::PermissionRequest
                | Event::BeforeToolCall
                | Event::BeforeCompact
        )
    }
}

/// Writes `answer` to `event` into `reply`.
pub(crate) fn encode(event: Event, answer: &Answer, reply: &mut NativeReply) {
    let agent = Agent::SuperQode;
    let name = event.name();
    let mut out = ShimReply::default();
    match &answer.outcome.verdict {
        Verdict::Deny { .. } if event.is_gating() => {
            out.decision = Some(ShimDecision::Deny);
            out.reason = deny_reason(answer);
        }
        Verdict::Deny { .. } => {
            dropped(agent, name, "a refusal", reply);
            reply.stderr.extend(deny_reason(answer));
        }
        Verdict::Allow if event == Event::PermissionRequest => {
            out.decision = Some(ShimDecision::Allow);
        }
        Verdict::Allow => dropped(agent, name, "`allow`", reply),
        Verdict::Ask { .. } if event == Event::PermissionRequest => {}
        Verdict::Ask { .. } => dropped(agent, name, "`ask`", reply),
        Verdict::Abstain => {}
    }
    if !answer.outcome.is_denied() {
        let takes = event == Event::BeforeToolCall;
        out.input = taken_rewrite(agent, name, takes, answer, reply);
    }
    let takes = event == Event::ContextInjectors;
    out.context = taken_context(agent, name, takes, answer, reply);
    reply.print(&out);
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use tackle::hook::HookPoint;

    use super::*;
    use crate::hook::reply::encode as reply;
    use crate::hook::reply::tests::{answer, deny, read};

    #[test]
    fn superqode_gets_only_what_it_acts_on_at_each_point() {
        let before = reply(
            Agent::SuperQode,
            "before_tool_call",
            &deny(HookPoint::BeforeToolCall),
        );
        assert_eq!(
            before.stdout.as_deref(),
            Some(r#"{"decision":"deny","reason":"no","input":null,"context":null}"#)
        );
        assert_eq!(before.code, 0);
        // `stop` only observes: the refusal is reported, not sent.
        let stop = reply(Agent::SuperQode, "stop", &deny(HookPoint::Stop));
        assert_eq!(read::<ShimReply>(&stop).decision, None);
        assert!(stop.stderr[0].contains("dropped"), "{:?}", stop.stderr);
        let rewrite = answer(
            HookPoint::BeforeToolCall,
            Verdict::Allow,
            Some(json!({"command": "ls"})),
        );
        let out: ShimReply = read(&reply(Agent::SuperQode, "before_tool_call", &rewrite));
        assert_eq!(out.input, Some(json!({"command": "ls"})));
        assert_eq!(out.decision, None, "allow is not SuperQode's here");
        let grant = answer(HookPoint::PermissionRequest, Verdict::Allow, None);
        let out: ShimReply = read(&reply(Agent::SuperQode, "permission_request", &grant));
        assert_eq!(out.decision, Some(ShimDecision::Allow));
        let ask = answer(
            HookPoint::PermissionRequest,
            Verdict::Ask { reason: None },
            None,
        );
        let asked = reply(Agent::SuperQode, "permission_request", &ask);
        assert_eq!(read::<ShimReply>(&asked).decision, None);
        assert!(asked.stderr.is_empty(), "SuperQode asks by itself");
        let mut prompt = Answer::empty(HookPoint::SystemPrompt);
        prompt.context.push("Be brief.".into());
        let out: ShimReply = read(&reply(Agent::SuperQode, "context_injectors", &prompt));
        assert_eq!(out.context.as_deref(), Some("Be brief."));
    }
}
