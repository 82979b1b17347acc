//! The answer, in each agent's own reply format: JSON on stdout, a reason
//! on stderr, an exit code.

use serde_json::{Map, Value, json};
use tackle::hook::Verdict;

use super::answer::Answer;
use crate::Agent;

/// What the binary prints and how it exits.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Reply {
    /// The JSON reply, if any (nothing on stdout means "carry on").
    pub(crate) stdout: Option<Value>,
    /// Lines for stderr: the reason of an exit-2 block, or notes.
    pub(crate) stderr: Vec<String>,
    /// The exit code.
    pub(crate) code: u8,
}

/// Exit code of a reply that blocks by exit status.
pub(crate) const BLOCK: u8 = 2;
/// Exit code of an error the agent must not take as a decision: the
/// agents treat an exit other than 0 and 2 as a failure that does not
/// block, except Copilot CLI, which refuses a tool call whose hook fails.
pub(crate) const fn non_blocking(agent: Agent) -> u8 {
    match agent {
        Agent::Copilot => 0,
        _ => 1,
    }
}

/// The exit code of an error before the agent is known.
pub(crate) const NON_BLOCKING: u8 = 1;

/// The reply `agent` expects to `event`.
pub(crate) fn encode(agent: Agent, event: &str, answer: &Answer) -> Reply {
    let mut reply = Reply {
        stderr: answer
            .notes
            .iter()
            .map(|n| format!("tackle: {n}"))
            .collect(),
        ..Reply::default()
    };
    match agent {
        Agent::Claude | Agent::Codex => claude_like(agent, event, answer, &mut reply),
        Agent::Gemini => gemini(event, answer, &mut reply),
        Agent::Copilot => copilot(event, answer, &mut reply),
        Agent::Kimi => kimi(event, answer, &mut reply),
        Agent::OpenCode | Agent::Pi => shim(answer, &mut reply),
        Agent::SuperQode => superqode(event, answer, &mut reply),
    }
    reply
}

fn deny_reason(answer: &Answer) -> Option<String> {
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

fn ask_reason(answer: &Answer) -> Option<String> {
    match &answer.outcome.verdict {
        Verdict::Ask { reason } => reason.as_deref().map(str::to_owned),
        _ => None,
    }
}

/// Blocks by exit code 2, the reason on stderr: the form every agent
/// honours at every event that can be refused.
/// The agent shows the whole of stderr as the reason, so the reason comes
/// first and the notes after it.
fn block_by_exit(reason: String, reply: &mut Reply) {
    reply.stderr.insert(0, reason);
    reply.code = BLOCK;
}

fn dropped(agent: Agent, event: &str, what: &str, reply: &mut Reply) {
    reply.stderr.push(format!(
        "tackle: {} cannot take {what} at `{event}`; it was dropped",
        agent.title()
    ));
}

/// `hookSpecificOutput` with its `hookEventName`.
fn specific(event: &str) -> Map<String, Value> {
    let mut map = Map::new();
    map.insert("hookEventName".into(), json!(event));
    map
}

fn with_specific(specific: Map<String, Value>) -> Option<Value> {
    (specific.len() > 1).then(|| json!({ "hookSpecificOutput": specific }))
}

/// Claude Code, and Codex with its stricter rules: no bare `allow` and no
/// `ask` before a tool, a non-empty reason for every deny.
fn claude_like(agent: Agent, event: &str, answer: &Answer, reply: &mut Reply) {
    let codex = agent == Agent::Codex;
    let context = answer.context_text();
    let input = answer.input().cloned();
    let mut out = specific(event);
    match event {
        "PreToolUse" => {
            let (decision, reason) = match &answer.outcome.verdict {
                Verdict::Deny { .. } => (Some("deny"), deny_reason(answer)),
                Verdict::Ask { .. } if codex => {
                    dropped(agent, event, "`ask`", reply);
                    (input.as_ref().map(|_| "allow"), None)
                }
                Verdict::Ask { .. } => (Some("ask"), ask_reason(answer)),
                Verdict::Allow if codex && input.is_none() => (None, None),
                Verdict::Allow => (Some("allow"), None),
                // A rewrite alone: Codex takes a rewrite only with `allow`.
                Verdict::Abstain if codex && input.is_some() => (Some("allow"), None),
                Verdict::Abstain => (None, None),
            };
            if let Some(decision) = decision {
                out.insert("permissionDecision".into(), json!(decision));
            }
            if let Some(reason) = reason {
                out.insert("permissionDecisionReason".into(), json!(reason));
            }
            if !answer.outcome.is_denied()
                && let Some(input) = input
            {
                out.insert("updatedInput".into(), input);
            }
            if let Some(context) = context {
                out.insert("additionalContext".into(), json!(context));
            }
            reply.stdout = with_specific(out);
        }
        "PermissionRequest" => {
            let decision = match (&answer.outcome.verdict, input) {
                (Verdict::Deny { .. }, _) => Some(json!({
                    "behavior": "deny",
                    "message": deny_reason(answer),
                })),
                // Codex refuses a request whose answer carries
                // `updatedInput`; granting the unrewritten call instead
                // would grant what no hook allowed, so the user decides.
                (Verdict::Allow | Verdict::Abstain, Some(_)) if codex => {
                    dropped(agent, event, "a rewrite", reply);
                    None
                }
                // A rewrite here grants the call with the new arguments.
                (Verdict::Allow | Verdict::Abstain, Some(input)) => {
                    Some(json!({"behavior": "allow", "updatedInput": input}))
                }
                (Verdict::Allow, None) => Some(json!({"behavior": "allow"})),
                (Verdict::Ask { .. }, Some(_)) => {
                    dropped(agent, event, "a rewrite without `allow`", reply);
                    None
                }
                (Verdict::Ask { .. } | Verdict::Abstain, None) => None,
            };
            if let Some(decision) = decision {
                out.insert("decision".into(), decision);
            }
            reply.stdout = with_specific(out);
        }
        _ => {
            if let Some(reason) = deny_reason(answer) {
                if codex && event == "PreCompact" {
                    // Codex reads no `decision` here: stopping is its only
                    // way to keep the conversation from being compacted.
                    reply.stdout = Some(json!({"continue": false, "stopReason": reason}));
                } else if TOP_LEVEL_BLOCK.contains(&event) {
                    reply.stdout = Some(json!({"decision": "block", "reason": reason}));
                } else {
                    block_by_exit(reason, reply);
                }
                return;
            }
            match &answer.outcome.verdict {
                Verdict::Allow => dropped(agent, event, "`allow`", reply),
                Verdict::Ask { .. } => dropped(agent, event, "`ask`", reply),
                _ => {}
            }
            if input.is_some() {
                match (event, codex) {
                    ("PostToolUse", false) => {
                        out.insert("updatedToolOutput".into(), input.unwrap_or_default());
                    }
                    _ => dropped(agent, event, "a rewrite", reply),
                }
            }
            if let Some(context) = context {
                if CONTEXT_EVENTS.contains(&event) {
                    out.insert("additionalContext".into(), json!(context));
                } else {
                    dropped(agent, event, "added context", reply);
                }
            }
            reply.stdout = with_specific(out);
        }
    }
}

/// Events Claude Code blocks with a top-level `decision: "block"`.
const TOP_LEVEL_BLOCK: &[&str] = &[
    "UserPromptSubmit",
    "PostToolUse",
    "Stop",
    "SubagentStop",
    "PreCompact",
];

/// Events whose `hookSpecificOutput.additionalContext` Claude Code and
/// Codex add to the conversation.
const CONTEXT_EVENTS: &[&str] = &[
    "SessionStart",
    "UserPromptSubmit",
    "PostToolUse",
    "PostToolUseFailure",
    "SubagentStart",
];

/// Gemini CLI: a top-level `decision`; a tool's new arguments, whole, in
/// `hookSpecificOutput.tool_input` (they replace the old ones).
fn gemini(event: &str, answer: &Answer, reply: &mut Reply) {
    let mut top = Map::new();
    let mut out = specific(event);
    match &answer.outcome.verdict {
        // Fired without waiting: Gemini CLI ignores every flow-control field.
        Verdict::Deny { .. } if GEMINI_ADVISORY.contains(&event) => {
            dropped(Agent::Gemini, event, "a refusal", reply);
            reply.stderr.extend(deny_reason(answer));
        }
        Verdict::Deny { .. } => {
            top.insert("decision".into(), json!("deny"));
            top.insert("reason".into(), json!(deny_reason(answer)));
        }
        // Gemini's `allow` is its default and skips nothing; `ask` makes
        // it confirm the call.
        Verdict::Ask { .. } if event == "BeforeTool" => {
            top.insert("decision".into(), json!("ask"));
            if let Some(reason) = ask_reason(answer) {
                top.insert("reason".into(), json!(reason));
            }
        }
        _ => {}
    }
    if !answer.outcome.is_denied()
        && let Some(input) = answer.input()
    {
        // The field Gemini CLI reads the event's new input from.
        let field = match event {
            "BeforeTool" => Some("tool_input"),
            "BeforeModel" => Some("llm_request"),
            "AfterModel" => Some("llm_response"),
            _ => None,
        };
        match field {
            Some(field) => {
                out.insert(field.into(), input.clone());
            }
            None => dropped(Agent::Gemini, event, "a rewrite", reply),
        }
    }
    if let Some(context) = answer.context_text() {
        if ["AfterTool", "BeforeAgent", "SessionStart"].contains(&event) {
            out.insert("additionalContext".into(), json!(context));
        } else {
            dropped(Agent::Gemini, event, "added context", reply);
        }
    }
    if out.len() > 1 {
        top.insert("hookSpecificOutput".into(), Value::Object(out));
    }
    reply.stdout = (!top.is_empty()).then_some(Value::Object(top));
}

/// Gemini CLI events it fires without waiting for the hook's answer.
const GEMINI_ADVISORY: &[&str] = &["PreCompress", "SessionEnd", "Notification"];

/// Copilot CLI: Claude's decision fields at the top level, its own names
/// for rewrites (`modifiedArgs`, `modifiedResult`, `modifiedPrompt`).
fn copilot(event: &str, answer: &Answer, reply: &mut Reply) {
    let mut out = Map::new();
    let input = answer.input().filter(|_| !answer.outcome.is_denied());
    match event {
        "preToolUse" => {
            let decision = match &answer.outcome.verdict {
                Verdict::Deny { .. } => Some(("deny", deny_reason(answer))),
                Verdict::Ask { .. } => Some(("ask", ask_reason(answer))),
                Verdict::Allow => Some(("allow", None)),
                Verdict::Abstain => None,
            };
            if let Some((decision, reason)) = decision {
                out.insert("permissionDecision".into(), json!(decision));
                if let Some(reason) = reason {
                    out.insert("permissionDecisionReason".into(), json!(reason));
                }
            }
            if let Some(input) = input {
                out.insert("modifiedArgs".into(), input.clone());
            }
        }
        "userPromptSubmitted" | "agentStop" | "subagentStop" => {
            if let Some(reason) = deny_reason(answer) {
                out.insert("decision".into(), json!("block"));
                out.insert("reason".into(), json!(reason));
            }
            if let Some(input) = input {
                if event == "userPromptSubmitted" {
                    out.insert("modifiedPrompt".into(), input.clone());
                } else {
                    dropped(Agent::Copilot, event, "a rewrite", reply);
                }
            }
        }
        "postToolUse" => {
            if let Some(reason) = deny_reason(answer) {
                dropped(Agent::Copilot, event, "a refusal", reply);
                reply.stderr.push(reason);
            }
            if let Some(input) = input {
                out.insert("modifiedResult".into(), input.clone());
            }
        }
        _ => {
            if let Some(reason) = deny_reason(answer) {
                dropped(Agent::Copilot, event, "a refusal", reply);
                reply.stderr.push(reason);
            }
            if input.is_some() {
                dropped(Agent::Copilot, event, "a rewrite", reply);
            }
        }
    }
    if let Some(context) = answer.context_text() {
        if [
            "preToolUse",
            "postToolUse",
            "postToolUseFailure",
            "userPromptSubmitted",
            "sessionStart",
            "subagentStart",
        ]
        .contains(&event)
        {
            out.insert("additionalContext".into(), json!(context));
        } else {
            dropped(Agent::Copilot, event, "added context", reply);
        }
    }
    reply.stdout = (!out.is_empty()).then_some(Value::Object(out));
}

/// Kimi CLI reads only a refusal: exit code 2 with the reason on stderr.
fn kimi(event: &str, answer: &Answer, reply: &mut Reply) {
    if let Some(reason) = deny_reason(answer) {
        // Kimi fires these and forgets them: a block there changes nothing.
        if ["PostToolUse", "PostToolUseFailure", "SessionEnd"].contains(&event) {
            dropped(Agent::Kimi, event, "a refusal", reply);
            reply.stderr.push(reason);
        } else {
            block_by_exit(reason, reply);
        }
        return;
    }
    if answer.outcome.is_ask() {
        dropped(Agent::Kimi, event, "`ask`", reply);
    }
    if answer.input().is_some() {
        dropped(Agent::Kimi, event, "a rewrite", reply);
    }
    if answer.context_text().is_some() {
        dropped(Agent::Kimi, event, "added context", reply);
    }
}

/// The generated OpenCode and Pi shims read tackle's own reply.
fn shim(answer: &Answer, reply: &mut Reply) {
    let decision = match &answer.outcome.verdict {
        Verdict::Deny { .. } => json!("deny"),
        Verdict::Ask { .. } => json!("ask"),
        Verdict::Allow => json!("allow"),
        Verdict::Abstain => Value::Null,
    };
    reply.stdout = Some(json!({
        "decision": decision,
        "reason": deny_reason(answer).or_else(|| ask_reason(answer)),
        "input": answer.input(),
        "context": answer.context_text(),
    }));
}

/// SuperQode's generated plugin reads tackle's own reply, with only what
/// SuperQode acts on at the event (read from its 2.25.0 agent loop): a
/// refusal at its four gating points, a grant at `permission_request`
/// (which pre-approves a call the user would be asked about), new tool
/// arguments at `before_tool_call`, text at `context_injectors`. Anything
/// else is reported on stderr as dropped.
///
/// `ask` at `permission_request` is an abstention: SuperQode's own
/// permission check then decides, and asks the user where it would. Its
/// `user_prompt_submit` ignores a rewrite, and its other points only
/// observe.
fn superqode(event: &str, answer: &Answer, reply: &mut Reply) {
    let agent = Agent::SuperQode;
    let gating = [
        "user_prompt_submit",
        "permission_request",
        "before_tool_call",
        "before_compact",
    ]
    .contains(&event);
    let mut decision = Value::Null;
    let mut reason = None;
    match &answer.outcome.verdict {
        Verdict::Deny { .. } if gating => {
            decision = json!("deny");
            reason = deny_reason(answer);
        }
        Verdict::Deny { .. } => {
            dropped(agent, event, "a refusal", reply);
            reply.stderr.extend(deny_reason(answer));
        }
        Verdict::Allow if event == "permission_request" => decision = json!("allow"),
        Verdict::Allow => dropped(agent, event, "`allow`", reply),
        Verdict::Ask { .. } if event == "permission_request" => {}
        Verdict::Ask { .. } => dropped(agent, event, "`ask`", reply),
        Verdict::Abstain => {}
    }
    let mut input = None;
    if !answer.outcome.is_denied()
        && let Some(new) = answer.input()
    {
        if event == "before_tool_call" {
            input = Some(new.clone());
        } else {
            dropped(agent, event, "a rewrite", reply);
        }
    }
    let mut context = None;
    if let Some(text) = answer.context_text() {
        if event == "context_injectors" {
            context = Some(text);
        } else {
            dropped(agent, event, "added context", reply);
        }
    }
    reply.stdout = Some(json!({
        "decision": decision,
        "reason": reason,
        "input": input,
        "context": context,
    }));
}

#[cfg(test)]
mod tests {
    use tackle::hook::HookPoint;

    use super::*;

    fn answer(point: HookPoint, verdict: Verdict, input: Option<Value>) -> Answer {
        let mut answer = Answer::empty(point);
        answer.outcome.verdict = verdict;
        answer.outcome.input = input.map(Box::new);
        answer
    }

    fn deny(point: HookPoint) -> Answer {
        answer(
            point,
            Verdict::Deny {
                reason: "no".into(),
            },
            None,
        )
    }

    #[test]
    fn a_rewrite_at_permission_request_grants_on_claude_and_is_left_to_the_user_on_codex() {
        let rewrite = answer(
            HookPoint::PermissionRequest,
            Verdict::Abstain,
            Some(json!({"command": "ls"})),
        );
        let claude = encode(Agent::Claude, "PermissionRequest", &rewrite);
        assert_eq!(
            claude.stdout.expect("a reply")["hookSpecificOutput"]["decision"],
            json!({"behavior": "allow", "updatedInput": {"command": "ls"}})
        );
        // Codex fails closed on `updatedInput` here.
        let codex = encode(Agent::Codex, "PermissionRequest", &rewrite);
        assert_eq!(codex.stdout, None);
        assert_eq!(codex.code, 0);
        assert!(codex.stderr[0].contains("dropped"), "{:?}", codex.stderr);
    }

    #[test]
    fn codex_keeps_a_compaction_from_happening_by_stopping() {
        let reply = encode(Agent::Codex, "PreCompact", &deny(HookPoint::BeforeCompact));
        assert_eq!(
            reply.stdout,
            Some(json!({"continue": false, "stopReason": "no"}))
        );
        let claude = encode(Agent::Claude, "PreCompact", &deny(HookPoint::BeforeCompact));
        assert_eq!(
            claude.stdout,
            Some(json!({"decision": "block", "reason": "no"}))
        );
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
    fn gemini_model_rewrites_go_where_gemini_reads_them() {
        let new = json!({"model": "m", "messages": []});
        let before = answer(
            HookPoint::BeforeLlmCall,
            Verdict::Abstain,
            Some(new.clone()),
        );
        let reply = encode(Agent::Gemini, "BeforeModel", &before);
        assert_eq!(
            reply.stdout.expect("a reply")["hookSpecificOutput"]["llm_request"],
            new
        );
        let after = answer(HookPoint::AfterLlmCall, Verdict::Abstain, Some(new.clone()));
        let reply = encode(Agent::Gemini, "AfterModel", &after);
        assert_eq!(
            reply.stdout.expect("a reply")["hookSpecificOutput"]["llm_response"],
            new
        );
    }

    #[test]
    fn superqode_gets_only_what_it_acts_on_at_each_point() {
        let before = encode(
            Agent::SuperQode,
            "before_tool_call",
            &deny(HookPoint::BeforeToolCall),
        );
        assert_eq!(
            before.stdout,
            Some(json!({"decision": "deny", "reason": "no", "input": null, "context": null}))
        );
        assert_eq!(before.code, 0);
        // `stop` only observes: the refusal is reported, not sent.
        let stop = encode(Agent::SuperQode, "stop", &deny(HookPoint::Stop));
        assert_eq!(
            stop.stdout.as_ref().expect("a reply")["decision"],
            Value::Null
        );
        assert!(stop.stderr[0].contains("dropped"), "{:?}", stop.stderr);
        let rewrite = answer(
            HookPoint::BeforeToolCall,
            Verdict::Allow,
            Some(json!({"command": "ls"})),
        );
        let reply = encode(Agent::SuperQode, "before_tool_call", &rewrite);
        let out = reply.stdout.expect("a reply");
        assert_eq!(out["input"], json!({"command": "ls"}));
        assert_eq!(
            out["decision"],
            Value::Null,
            "allow is not SuperQode's here"
        );
        let grant = answer(HookPoint::PermissionRequest, Verdict::Allow, None);
        let reply = encode(Agent::SuperQode, "permission_request", &grant);
        assert_eq!(reply.stdout.expect("a reply")["decision"], "allow");
        let ask = answer(
            HookPoint::PermissionRequest,
            Verdict::Ask { reason: None },
            None,
        );
        let reply = encode(Agent::SuperQode, "permission_request", &ask);
        assert_eq!(reply.stdout.expect("a reply")["decision"], Value::Null);
        assert!(reply.stderr.is_empty(), "SuperQode asks by itself");
        let mut prompt = Answer::empty(HookPoint::SystemPrompt);
        prompt.context.push("Be brief.".into());
        let reply = encode(Agent::SuperQode, "context_injectors", &prompt);
        assert_eq!(reply.stdout.expect("a reply")["context"], "Be brief.");
    }
}
