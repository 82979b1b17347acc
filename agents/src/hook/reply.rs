//! The answer in each agent's own reply format: JSON on stdout, a reason
//! on stderr, an exit code. Each agent's module writes its own (its
//! [`Protocol::reply`](crate::protocol::Protocol::reply)); what
//! they share is here.

use serde::Serialize;
use serde_json::Value;
use tackle::hook::Verdict;

use super::answer::Answer;
use crate::{Agent, NativeEvent};

/// The answer in the agent's own reply format: what the binary prints and
/// how it exits.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct NativeReply {
    /// The JSON reply, encoded, if any (nothing on stdout means "carry
    /// on").
    pub(crate) stdout: Option<String>,
    /// Lines for stderr: the reason of an exit-2 block, or notes.
    pub(crate) stderr: Vec<String>,
    /// The exit code.
    pub(crate) code: u8,
    /// How the reply reaches the agent.
    pub(crate) transport: Transport,
}

/// How an answer reaches the agent, which decides how it can refuse.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Transport {
    /// A hook process: stdout, stderr and the exit code.
    #[default]
    Process,
    /// A long-lived server's answer to an MCP tool call or an HTTP POST:
    /// the JSON alone, with no exit code to refuse by.
    Served,
}

impl NativeReply {
    /// Prints `out` as the JSON reply. An answer that cannot be encoded
    /// (it holds nothing that could fail) blocks rather than let the
    /// event through unanswered.
    pub(crate) fn print(&mut self, out: &impl Serialize) {
        match serde_json::to_string(out) {
            Ok(json) => self.stdout = Some(json),
            Err(e) => block_by_exit(format!("tackle: cannot encode the reply: {e}"), self),
        }
    }
}

/// Exit code of a reply that blocks by exit status.
pub(crate) const BLOCK: u8 = 2;

/// Exit code of an error the agent must not take as a decision.
pub(crate) fn non_blocking(agent: Agent) -> u8 {
    agent.protocol().non_blocking()
}

/// The exit code of an error before the agent is known.
pub(crate) const NON_BLOCKING: u8 = 1;

/// The reply `agent` expects to its event named `event` from a hook
/// process.
#[cfg(test)]
pub(crate) fn encode(agent: Agent, event: &str, answer: &Answer) -> NativeReply {
    let event = NativeEvent::parse(agent, event)
        .unwrap_or_else(|| panic!("{agent} has no event `{event}`"));
    encode_for(Transport::Process, event, answer)
}

/// The reply the agent expects to `event` by `transport`.
pub(crate) fn encode_for(transport: Transport, event: NativeEvent, answer: &Answer) -> NativeReply {
    let mut reply = NativeReply {
        transport,
        stderr: answer
            .notes
            .iter()
            .map(|n| format!("tackle: {n}"))
            .collect(),
        ..NativeReply::default()
    };
    event.agent().protocol().reply(event, answer, &mut reply);
    reply
}

/// The reason of a refusal, if the answer refuses: the hook's, or who
/// refused when it gave none.
pub(crate) fn deny_reason(answer: &Answer) -> Option<String> {
    answer.outcome.deny_reason().map(|reason| {
        if reason.trim().is_empty() {
            match &answer.outcome.decided_by {
                Some(by) => format!("refused by {by}"),
                None => "refused by a tackle hook".to_owned(),
            }
        } else {
            reason.to_owned()
        }
    })
}

/// The reason of an `ask`, if the answer asks with one.
pub(crate) fn ask_reason(answer: &Answer) -> Option<String> {
    match &answer.outcome.verdict {
        Verdict::Ask { reason } => reason.as_deref().map(str::to_owned),
        _ => None,
    }
}

/// Blocks by exit code 2, the reason on stderr: the form every agent
/// honours at every event that can be refused.
/// The agent shows the whole of stderr as the reason, so the reason comes
/// first and the notes after it.
pub(crate) fn block_by_exit(reason: String, reply: &mut NativeReply) {
    reply.stderr.insert(0, reason);
    reply.code = BLOCK;
}

/// The refusal of a tool call an agent that cannot ask the user from a
/// hook makes of `answer`'s `ask` at `event`: it would run the call
/// unasked, so tackle refuses it, saying `why` after the hook's reason;
/// stderr says that the `ask` was dropped.
pub(crate) fn ask_refused(
    agent: Agent,
    event: &str,
    why: &str,
    answer: &Answer,
    reply: &mut NativeReply,
) -> String {
    dropped(agent, event, "`ask`", reply);
    match ask_reason(answer) {
        Some(asked) => format!("{asked} ({why})"),
        None => why.to_owned(),
    }
}

/// Notes on stderr that `agent` cannot take `what` at `event`.
pub(crate) fn dropped(agent: Agent, event: &str, what: &str, reply: &mut NativeReply) {
    reply.stderr.push(format!(
        "tackle: {} cannot take {what} at `{event}`; it was dropped",
        agent.title()
    ));
}

/// The refusal `answer` makes at `event` for an agent that cannot ask the
/// user from a hook: a `deny`'s reason; an `ask` at the event that gates
/// a tool call (`gate`: `Some(why)`) refused as [`ask_refused`] says; an
/// `ask` elsewhere dropped.
pub(crate) fn refusal(
    agent: Agent,
    event: &str,
    gate: Option<&str>,
    answer: &Answer,
    reply: &mut NativeReply,
) -> Option<String> {
    match (&answer.outcome.verdict, gate) {
        (Verdict::Deny { .. }, _) => deny_reason(answer),
        (Verdict::Ask { .. }, Some(why)) => Some(ask_refused(agent, event, why, answer, reply)),
        (Verdict::Ask { .. }, None) => {
            dropped(agent, event, "`ask`", reply);
            None
        }
        (Verdict::Allow | Verdict::Abstain, _) => None,
    }
}

/// Writes `answer`'s refusal (see [`refusal`]) for an agent that reads
/// one only as exit code 2, at the events that block (`blocks`); elsewhere it is
/// noted as dropped.
pub(crate) fn refuse_by_exit(
    agent: Agent,
    event: &str,
    gate: Option<&str>,
    blocks: bool,
    answer: &Answer,
    reply: &mut NativeReply,
) {
    match refusal(agent, event, gate, answer, reply) {
        Some(reason) if blocks => block_by_exit(reason, reply),
        Some(reason) => refusal_dropped(agent, event, reason, reply),
        None => {}
    }
}

/// Notes on stderr that `agent` does not read a refusal at `event`, and
/// the refusal's reason.
pub(crate) fn refusal_dropped(agent: Agent, event: &str, reason: String, reply: &mut NativeReply) {
    dropped(agent, event, "a refusal", reply);
    reply.stderr.push(reason);
}

/// `answer`'s rewrite, where `agent` takes one at `event` (`takes`);
/// elsewhere noted on stderr as dropped.
pub(crate) fn taken_rewrite(
    agent: Agent,
    event: &str,
    takes: bool,
    answer: &Answer,
    reply: &mut NativeReply,
) -> Option<Value> {
    let input = answer.input()?;
    if !takes {
        dropped(agent, event, "a rewrite", reply);
        return None;
    }
    Some(input.clone())
}

/// `answer`'s added context, where `agent` takes it at `event` (`takes`);
/// elsewhere noted on stderr as dropped.
pub(crate) fn taken_context(
    agent: Agent,
    event: &str,
    takes: bool,
    answer: &Answer,
    reply: &mut NativeReply,
) -> Option<String> {
    let context = answer.context_text()?;
    if !takes {
        dropped(agent, event, "added context", reply);
        return None;
    }
    Some(context)
}

/// Notes on stderr that `agent` cannot take `answer`'s rewrite at `event`
/// (a refusal drops it anyway, with no note).
pub(crate) fn rewrite_dropped(agent: Agent, event: &str, answer: &Answer, reply: &mut NativeReply) {
    if answer.input().is_some() && !answer.outcome.is_denied() {
        dropped(agent, event, "a rewrite", reply);
    }
}

/// Notes on stderr that `agent` cannot take `answer`'s added context at
/// `event`.
pub(crate) fn context_dropped(agent: Agent, event: &str, answer: &Answer, reply: &mut NativeReply) {
    if answer.context_text().is_some() {
        dropped(agent, event, "added context", reply);
    }
}

#[cfg(test)]
pub(crate) mod tests {
    //! Answers made by hand, for each agent's reply tests.

    use serde_json::Value;
    use tackle::hook::{HookPoint, Verdict};

    use super::*;

    pub(crate) fn answer(point: HookPoint, verdict: Verdict, input: Option<Value>) -> Answer {
        let mut answer = Answer::empty(point);
        answer.outcome.verdict = verdict;
        answer.outcome.input = input.map(Box::new);
        answer
    }

    pub(crate) fn deny(point: HookPoint) -> Answer {
        answer(
            point,
            Verdict::Deny {
                reason: "no".into(),
            },
            None,
        )
    }

    /// The reply's stdout read back as `T`.
    pub(crate) fn read<T: serde::de::DeserializeOwned>(reply: &NativeReply) -> T {
        serde_json::from_str(reply.stdout.as_deref().expect("a reply")).expect("reads back")
    }

    #[test]
    fn refusals_the_agent_would_ignore_are_reported_not_sent() {
        let gemini = encode(
            Agent::Gemini,
            "PreCompress",
            &deny(HookPoint::BeforeCompact),
        );
        assert_eq!(gemini.stdout, None);
        assert_eq!(gemini.stderr.last().map(String::as_str), Some("no"));
        let kimi = encode(Agent::Kimi, "PostToolUse", &deny(HookPoint::AfterToolCall));
        assert_eq!(kimi.code, 0);
        let kimi = encode(Agent::Kimi, "PreToolUse", &deny(HookPoint::BeforeToolCall));
        assert_eq!((kimi.code, kimi.stderr), (BLOCK, vec!["no".to_owned()]));
    }

    #[test]
    fn copilot_errors_exit_zero_and_the_others_one() {
        for agent in Agent::ALL {
            let expected = if agent == Agent::Copilot { 0 } else { 1 };
            assert_eq!(non_blocking(agent), expected, "{agent}");
        }
    }
}
