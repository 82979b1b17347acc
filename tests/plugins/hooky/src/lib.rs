//! Test fixture: hooks that do what the event's session metadata tells
//! them (so one host can play any sequence of hook outcomes), plus
//! observers, a modify chain, permission rules and context files.
//!
//! The eight scripted hooks `s0`..`s7` run at `before_tool_call` in that
//! order; `s0`..`s3` are sync, `s4`..`s7` async with a 100 ms timeout; the
//! odd ones fail closed. Each reads its step from the session metadata
//! `script` (an array of strings, one per hook; missing means abstain):
//! `abstain`, `allow`, `ask`, `deny`, `modify`, `error`, `panic`, `slow`
//! (async only: sleeps past the timeout), each optionally followed by
//! `+context`.

mod scripted;

use std::collections::HashMap;
use std::sync::Mutex;

use tackle::hook::{AnyPoint, Verdict};
use tackle::prelude::*;

tackle::plugin! {
    id: "hooky",
    description: "Scripted hooks for tests.",
    state: Seen,
    permission_rules: [
        { tool: "Bash", action: ask },
        { tool: "Bash", pattern: "rm *", action: deny },
        { tool: "Read", action: allow },
        { tool: "web_*", argument: "url", pattern: "http://*", action: deny },
    ],
    context_injectors: [
        "context/house.md",
        { path: "context/limits.json", schema: "context/limits.schema.json" },
    ],
}

pub use scripted::SCRIPTED;

/// What the observers saw, per session, in order.
#[derive(Debug, Default)]
pub struct Seen {
    log: Mutex<HashMap<String, Vec<String>>>,
}

impl Seen {
    fn push(&self, session: &str, entry: String) {
        self.log
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(session.to_owned())
            .or_default()
            .push(entry);
    }
}

impl PluginState for Seen {
    type Config = ();

    async fn init(_: &PluginContext) -> Result<Self, BoxError> {
        Ok(Seen::default())
    }
}

/// What the observers saw in one session, one entry per line.
#[tool(read_only)]
fn seen(state: &Seen, session: String) -> String {
    let log = state.log.lock().unwrap_or_else(|e| e.into_inner());
    log.get(&session).map(|l| l.join("\n")).unwrap_or_default()
}

/// Fails when the tool is `fail-observer`: the next observer must still run.
#[hook(after_tool_call, order = 1)]
fn failing_observer(ev: &AfterToolCall) -> Result<(), String> {
    match ev.tool_name.as_str() {
        "fail-observer" => Err("the observer failed on purpose".into()),
        "panic-observer" => panic!("the observer panicked on purpose"),
        _ => Ok(()),
    }
}

/// Records every `after_tool_call` it sees.
#[hook(after_tool_call, order = 2)]
async fn recording_observer(ev: &AfterToolCall, ctx: &HookContext, seen: &Seen) {
    seen.push(
        ctx.session_id(),
        format!("after_tool_call:{}", ev.tool_name),
    );
}

/// Records every event of every point, with its verdict.
#[hook(event)]
fn every_event(ev: &AnyEvent, seen: &Seen) {
    let verdict = match &ev.outcome().verdict {
        Verdict::Abstain => "abstain",
        Verdict::Allow => "allow",
        Verdict::Ask { .. } => "ask",
        Verdict::Deny { .. } => "deny",
    };
    seen.push(ev.session_id(), format!("event:{}:{verdict}", ev.point()));
}

/// First of a modify chain on prompts starting with `chain:`.
#[hook(user_prompt_submit, order = 1)]
fn tag_one(ev: &UserPromptSubmit) -> Option<Decision> {
    ev.prompt
        .starts_with("chain:")
        .then(|| Decision::modify(format!("{} [one]", ev.prompt)))
}

/// Second of the chain: sees the first one's rewrite.
#[hook(user_prompt_submit, order = 2)]
fn tag_two(ev: &UserPromptSubmit) -> Option<Decision> {
    ev.prompt
        .starts_with("chain:")
        .then(|| Decision::modify(format!("{} [two]", ev.prompt)).with_context("tagged twice"))
}

/// A malformed rewrite (a prompt is text, not a number).
#[hook(user_prompt_submit, order = 3)]
fn bad_rewrite(ev: &UserPromptSubmit) -> Option<Decision> {
    (ev.prompt == "bad-modify").then(|| Decision::modify(42))
}

/// `allow` at a point that only takes deny and context, as a decision with
/// no point (one read at run time, which the compiler cannot check): the
/// fold ignores it and reports it.
#[hook(stop)]
fn allow_at_stop() -> Decision {
    Decision::<AnyPoint>::allow().into()
}

/// Denies writes at `permission_request`; allows `Glob`.
#[hook(permission_request, matcher = "Write|Glob")]
fn permission(ev: &PermissionRequest) -> Decision {
    if ev.tool_name == "Write" {
        Decision::deny("no writes in tests")
    } else {
        Decision::allow()
    }
}

/// Only for `Bash` running `git push...`: adds context.
#[hook(before_tool_call, matcher = "Bash", args = "git push*", order = 100)]
fn push_note() -> Decision {
    Decision::context("pushing: check the branch")
}

/// Only for MCP tools (a regex matcher).
#[hook(before_tool_call, matcher = "^mcp__.*__write$", order = 101)]
fn mcp_write_note() -> Decision {
    Decision::context("an MCP write")
}

/// Adds to the system prompt.
#[hook(system_prompt)]
fn prompt_text(ctx: &HookContext) -> Option<String> {
    ctx.metadata()
        .get("prompt_text")
        .and_then(|v| v.as_str())
        .map(str::to_owned)
}

/// With the session metadata `order_probe`, adds `hooky` as context.
#[hook(before_tool_call, order = -100)]
fn order_probe(ctx: &HookContext) -> Option<Decision> {
    ctx.metadata()
        .contains_key("order_probe")
        .then(|| Decision::context("hooky"))
}
