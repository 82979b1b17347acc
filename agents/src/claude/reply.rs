//! Claude Code's reply, which Codex reads too: the wire types are
//! `tackle_spec::claude`'s (the host reads a declarative hook's reply
//! through them); here, how an answer is written in them.

use tackle::hook::Verdict;
pub(crate) use tackle_spec::claude::{
    Behavior, Output, PermissionDecision, RequestDecision, Specific, TopDecision,
};

use crate::NativeEvent;
use crate::hook::answer::Answer;
use crate::hook::reply::{NativeReply, Transport, ask_reason, block_by_exit, deny_reason, dropped};

/// How an event of this format reads its reply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Form {
    /// `PreToolUse`: `permissionDecision`. `strict` is Codex's reading: no
    /// bare `allow`, no `ask`, a rewrite only with `allow`.
    ToolDecision { strict: bool },
    /// `PermissionRequest`: `decision.behavior`; `rewrites` whether it
    /// takes `updatedInput` (Codex refuses a request that carries one).
    PermissionDecision { rewrites: bool },
    /// Any other event.
    Other {
        /// How a refusal is written.
        block: Block,
        /// Whether it takes added context.
        context: bool,
        /// Whether it takes a new tool result (`updatedToolOutput`).
        rewrites_output: bool,
    },
}

/// How a refusal is written at an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Block {
    /// `{"decision": "block", "reason"}`.
    TopLevel,
    /// Exit code 2, the reason on stderr.
    ByExit,
    /// `{"continue": false, "stopReason"}`: stopping is the only refusal
    /// the event has (Codex's `PreCompact`, which reads no `decision`).
    ByStopping,
}

/// Writes `answer` to `event` (read in `form`) into `reply`.
pub(crate) fn encode(event: NativeEvent, form: Form, answer: &Answer, reply: &mut NativeReply) {
    let (agent, event) = (event.agent(), event.name());
    let context = answer.context_text();
    let input = answer.input().cloned();
    let mut out = Specific::new(event);
    match form {
        Form::ToolDecision { strict } => {
            let (decision, reason) = match &answer.outcome.verdict {
                Verdict::Deny { .. } => (Some(PermissionDecision::Deny), deny_reason(answer)),
                Verdict::Ask { .. } if strict => {
                    dropped(agent, event, "`ask`", reply);
                    (input.as_ref().map(|_| PermissionDecision::Allow), None)
                }
                Verdict::Ask { .. } => (Some(PermissionDecision::Ask), ask_reason(answer)),
                Verdict::Allow if strict && input.is_none() => (None, None),
                Verdict::Allow => (Some(PermissionDecision::Allow), None),
                // A rewrite alone: Codex takes a rewrite only with `allow`.
                Verdict::Abstain if strict && input.is_some() => {
                    (Some(PermissionDecision::Allow), None)
                }
                Verdict::Abstain => (None, None),
            };
            out.permission_decision = decision;
            out.permission_decision_reason = reason;
            if !answer.outcome.is_denied() {
                out.updated_input = input;
            }
            out.additional_context = context;
            print(out.output(), reply);
        }
        Form::PermissionDecision { rewrites } => {
            out.decision = match (&answer.outcome.verdict, input) {
                (Verdict::Deny { .. }, _) => Some(RequestDecision {
                    behavior: Behavior::Deny,
                    message: deny_reason(answer),
                    updated_input: None,
                }),
                // Granting the unrewritten call instead would grant what
                // no hook allowed, so the user decides.
                (Verdict::Allow | Verdict::Abstain, Some(_)) if !rewrites => {
                    dropped(agent, event, "a rewrite", reply);
                    None
                }
                // A rewrite here grants the call with the new arguments.
                (Verdict::Allow | Verdict::Abstain, Some(input)) => Some(RequestDecision {
                    behavior: Behavior::Allow,
                    message: None,
                    updated_input: Some(input),
                }),
                (Verdict::Allow, None) => Some(RequestDecision {
                    behavior: Behavior::Allow,
                    message: None,
                    updated_input: None,
                }),
                (Verdict::Ask { .. }, Some(_)) => {
                    dropped(agent, event, "a rewrite without `allow`", reply);
                    None
                }
                (Verdict::Ask { .. } | Verdict::Abstain, None) => None,
            };
            print(out.output(), reply);
        }
        Form::Other {
            block,
            context: takes_context,
            rewrites_output,
        } => {
            if let Some(reason) = deny_reason(answer) {
                match block {
                    Block::ByStopping => reply.print(&Output {
                        keep_going: Some(false),
                        stop_reason: Some(reason),
                        ..Output::default()
                    }),
                    Block::TopLevel => reply.print(&Output {
                        decision: Some(TopDecision::Block),
                        reason: Some(reason),
                        ..Output::default()
                    }),
                    // A served answer has no exit code: the JSON refusal
                    // reads the same at every event.
                    Block::ByExit if reply.transport == Transport::Served => reply.print(&Output {
                        decision: Some(TopDecision::Block),
                        reason: Some(reason),
                        ..Output::default()
                    }),
                    Block::ByExit => block_by_exit(reason, reply),
                }
                return;
            }
            match &answer.outcome.verdict {
                Verdict::Allow => dropped(agent, event, "`allow`", reply),
                Verdict::Ask { .. } => dropped(agent, event, "`ask`", reply),
                _ => {}
            }
            if input.is_some() {
                if rewrites_output {
                    out.updated_tool_output = input;
                } else {
                    dropped(agent, event, "a rewrite", reply);
                }
            }
            if context.is_some() {
                if takes_context {
                    out.additional_context = context;
                } else {
                    dropped(agent, event, "added context", reply);
                }
            }
            print(out.output(), reply);
        }
    }
}

fn print(out: Option<Output>, reply: &mut NativeReply) {
    if let Some(out) = out {
        reply.print(&out);
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::Agent;
    use tackle::hook::{HookPoint, Verdict};

    use super::*;
    use crate::hook::reply::encode as reply;
    use crate::hook::reply::tests::{answer, deny, read};

    #[test]
    fn a_rewrite_at_permission_request_grants_on_claude_and_is_left_to_the_user_on_codex() {
        let rewrite = answer(
            HookPoint::PermissionRequest,
            Verdict::Abstain,
            Some(json!({"command": "ls"})),
        );
        let claude = reply(Agent::Claude, "PermissionRequest", &rewrite);
        assert_eq!(
            claude.stdout.as_deref(),
            Some(
                r#"{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow","updatedInput":{"command":"ls"}}}}"#
            )
        );
        let out: Output = read(&claude);
        assert_eq!(
            out.hook_specific_output.and_then(|s| s.decision),
            Some(RequestDecision {
                behavior: Behavior::Allow,
                message: None,
                updated_input: Some(json!({"command": "ls"})),
            })
        );
        // Codex fails closed on `updatedInput` here.
        let codex = reply(Agent::Codex, "PermissionRequest", &rewrite);
        assert_eq!(codex.stdout, None);
        assert_eq!(codex.code, 0);
        assert!(codex.stderr[0].contains("dropped"), "{:?}", codex.stderr);
    }

    #[test]
    fn codex_keeps_a_compaction_from_happening_by_stopping() {
        let codex = reply(Agent::Codex, "PreCompact", &deny(HookPoint::BeforeCompact));
        assert_eq!(
            codex.stdout.as_deref(),
            Some(r#"{"continue":false,"stopReason":"no"}"#)
        );
        let claude = reply(Agent::Claude, "PreCompact", &deny(HookPoint::BeforeCompact));
        let out: Output = read(&claude);
        assert_eq!(
            (out.decision, out.reason.as_deref()),
            (Some(TopDecision::Block), Some("no"))
        );
    }

    #[test]
    fn codex_takes_a_rewrite_before_a_tool_only_with_allow_and_never_ask() {
        let ask = answer(
            HookPoint::BeforeToolCall,
            Verdict::Ask { reason: None },
            None,
        );
        let claude: Output = read(&reply(Agent::Claude, "PreToolUse", &ask));
        assert_eq!(
            claude
                .hook_specific_output
                .and_then(|s| s.permission_decision),
            Some(PermissionDecision::Ask)
        );
        let codex = reply(Agent::Codex, "PreToolUse", &ask);
        assert_eq!(codex.stdout, None, "no bare ask or allow");
        let rewrite = answer(
            HookPoint::BeforeToolCall,
            Verdict::Abstain,
            Some(json!({"command": "ls"})),
        );
        let codex: Output = read(&reply(Agent::Codex, "PreToolUse", &rewrite));
        let specific = codex.hook_specific_output.expect("specific");
        assert_eq!(specific.hook_event_name, "PreToolUse");
        assert_eq!(
            specific.permission_decision,
            Some(PermissionDecision::Allow)
        );
        assert_eq!(specific.updated_input, Some(json!({"command": "ls"})));
    }
}
