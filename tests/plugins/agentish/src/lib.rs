//! Test fixture: hooks that decide from words in the event itself, so a
//! recorded native payload says which answer it wants and one host plays
//! every kind of reply an agent can get.
//!
//! A word is a run of letters, digits and dashes anywhere in the event's
//! JSON (a command, a prompt, a tool result, a session id):
//!
//! * `deny-me`, `ask-me`, `allow-me`, `rewrite-me` (the point's input with
//!   `rewrite-me` replaced by `rewritten`), `context-me`, `fail-me` (the
//!   hook errors, failing open) at every decision point that takes them;
//! * `perm-deny-me`, `perm-ask-me`, `perm-allow-me`, `perm-rewrite-me` at
//!   `permission_request` only, so a test can tell which point decided;
//! * a permission rule denies `Bash` commands containing `forbidden`.
//!
//! `session_start` always adds context, and `context/agentish.md` is the
//! plugin's system context. The observers (`turn_start`, `turn_end`,
//! `session_idle`, `notification`, and the catch-all `event`) append a line
//! to the file named by `AGENTISH_LOG`, when it is set: a hook process ends
//! with the event, so a file is how a test sees what ran.

mod words;

use std::io::Write;

use tackle::prelude::*;
use tackle::serde_json::Value;

use words::{Script, rewritten};

tackle::plugin! {
    id: "agentish",
    description: "Hooks scripted by words in the agent's payload.",
    permission_rules: [
        { tool: "Bash", pattern: "*forbidden*", action: deny },
    ],
    context_injectors: ["context/agentish.md"],
}

/// The payload's words at `before_tool_call`; `fail-me` makes it error.
#[hook(before_tool_call)]
fn tool_call(ev: &BeforeToolCall) -> Result<Decision, String> {
    let script = Script::of(ev);
    if script.has("fail-me") {
        return Err("agentish failed on purpose (`fail-me`)".into());
    }
    Ok(script
        .decide("before_tool_call", || rewritten(&ev.arguments))
        .into())
}

/// The `perm-` words; the plugin's rule has already been applied.
#[hook(permission_request)]
fn permission(ev: &PermissionRequest) -> Decision {
    Script::of(ev)
        .prefixed("perm-")
        .decide("permission_request", || rewritten(&ev.arguments))
        .into()
}

#[hook(after_tool_call)]
fn tool_result(ev: &AfterToolCall) -> Decision {
    Script::of(ev)
        .decide("after_tool_call", || rewritten(&ev.response))
        .into()
}

#[hook(tool_error)]
fn tool_failed(ev: &ToolFailure) -> Decision {
    Script::of(ev).decide("tool_error", || None).into()
}

#[hook(user_prompt_submit)]
fn prompt(ev: &UserPromptSubmit) -> Decision {
    Script::of(ev)
        .decide("user_prompt_submit", || {
            Some(Value::String(ev.prompt.replace("rewrite-me", "rewritten")))
        })
        .into()
}

#[hook(user_prompt_expansion)]
fn expansion(ev: &UserPromptExpansion) -> Decision {
    Script::of(ev)
        .decide("user_prompt_expansion", || None)
        .into()
}

/// Always says hello, with the session's source.
#[hook(session_start)]
fn session_start(ev: &SessionStart) -> Decision {
    let source = ev.source.as_deref().unwrap_or("unknown");
    Decision::context(format!("agentish: session started ({source})"))
}

#[hook(stop)]
fn stop(ev: &Stop) -> Decision {
    Script::of(ev).decide("stop", || None).into()
}

#[hook(subagent_start)]
fn subagent_start(ev: &SubagentStart) -> Decision {
    Script::of(ev).decide("subagent_start", || None).into()
}

#[hook(subagent_stop)]
fn subagent_stop(ev: &SubagentStop) -> Decision {
    Script::of(ev).decide("subagent_stop", || None).into()
}

#[hook(before_compact)]
fn before_compact(ev: &BeforeCompact) -> Decision {
    Script::of(ev).decide("before_compact", || None).into()
}

#[hook(before_llm_call)]
fn before_llm(ev: &BeforeLlmCall) -> Decision {
    Script::of(ev)
        .decide("before_llm_call", || rewritten(&ev.request))
        .into()
}

#[hook(after_llm_call)]
fn after_llm(ev: &AfterLlmCall) -> Decision {
    Script::of(ev)
        .decide("after_llm_call", || rewritten(&ev.response))
        .into()
}

#[hook(before_tool_selection)]
fn tool_selection(ev: &BeforeToolSelection) -> Decision {
    Script::of(ev)
        .decide("before_tool_selection", || rewritten(&ev.tools))
        .into()
}

#[hook(before_model_switch)]
fn model_switch(ev: &BeforeModelSwitch) -> Decision {
    Script::of(ev).decide("before_model_switch", || None).into()
}

#[hook(teammate_idle)]
fn teammate_idle(ev: &TeammateIdle) -> Decision {
    Script::of(ev).decide("teammate_idle", || None).into()
}

#[hook(config_change)]
fn config_change(ev: &ConfigChange) -> Decision {
    Script::of(ev).decide("config_change", || None).into()
}

#[hook(elicitation)]
fn elicitation(ev: &Elicitation) -> Decision {
    Script::of(ev).decide("elicitation", || None).into()
}

#[hook(turn_start)]
fn turn_start(ev: &TurnStart) {
    record(&format!(
        "turn_start {}",
        ev.prompt.as_deref().unwrap_or("")
    ));
}

#[hook(turn_end)]
fn turn_end(ev: &TurnEnd) {
    record(&format!("turn_end {}", ev.session_id));
}

#[hook(session_idle)]
fn session_idle(ev: &SessionIdle) {
    record(&format!("session_idle {}", ev.session_id));
}

#[hook(notification)]
fn notification(ev: &Notification) {
    let kind = ev.notification_type.as_deref().unwrap_or("");
    record(&format!("notification {kind}"));
}

/// Every event, after its own hooks.
#[hook(event)]
fn every_event(ev: &AnyEvent) {
    record(&format!("event {}", ev.point()));
}

/// Appends a line to `AGENTISH_LOG`; without it, observers stay silent.
fn record(line: &str) {
    let Some(path) = std::env::var_os("AGENTISH_LOG") else {
        return;
    };
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path);
    if let Ok(mut file) = file {
        let _ = writeln!(file, "{}", line.trim_end());
    }
}
