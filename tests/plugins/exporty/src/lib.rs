//! Test fixture for `export`: hooks at points that only some agents
//! deliver (so exports to the others are refused, naming them), matchers of
//! each shape (exact names, a regex), and slash commands of each surface.

use tackle::prelude::*;

tackle::plugin! {
    id: "exporty",
    description: "Hooks at points only some agents deliver.",
}

/// Runs at set-up: only Claude Code has the event.
#[hook(setup)]
fn on_setup(_ev: &Setup) {}

/// Sees every model request: only Gemini CLI has the event.
#[hook(before_llm_call)]
fn watch_requests(_ev: &BeforeLlmCall) {}

/// MCP tools only: a regex matcher.
#[hook(before_tool_call, matcher = "^mcp__")]
fn mcp_only(_ev: &BeforeToolCall) {}

/// File writes only: exact names.
#[hook(after_tool_call, matcher = "Edit|Write")]
fn after_writes(_ev: &AfterToolCall) {}

/// Stamps what is written, to show a rewrite reaching the agent.
#[hook(before_tool_call, matcher = "Write")]
fn stamp(ev: &BeforeToolCall) -> Option<Decision> {
    let mut args = ev.arguments.clone();
    let content = args.get("content")?.as_str()?.to_owned();
    args["content"] = format!("{content}\n(stamped)").into();
    Some(Decision::modify(args))
}

/// Repeats the words given, in capitals.
#[command]
fn shout(
    /// What to shout.
    #[positional]
    words: Vec<String>,
) -> String {
    words.join(" ").to_uppercase()
}

/// Only inside an agent session.
#[command(surface = "agent")]
fn inside() -> String {
    "inside".to_owned()
}
