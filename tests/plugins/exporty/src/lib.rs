//! Test fixture for `export`: hooks at points that only some agents
//! deliver (so exports to the others are refused, naming them), matchers of
//! each shape (exact names, a regex), slow async hooks whose timeouts add
//! up at one event, and slash commands of each surface.

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

/// Asks before a write to a file named like a secret (after `stamp`, so
/// the user is shown the stamped text), and notes that notes are public:
/// answers a shim must ask about or cannot deliver.
#[hook(before_tool_call, matcher = "Write", order = 1)]
fn confirm_secrets(ev: &BeforeToolCall) -> Option<Decision> {
    // Each agent's own key: the binary renames tools, not arguments.
    let path = ["file_path", "filePath", "path"]
        .iter()
        .find_map(|k| ev.arguments.get(*k)?.as_str())?;
    if path.contains("secret") {
        Some(
            Decision::ask_because("it writes a secret")
                .with_context("Secrets belong in the vault."),
        )
    } else if path.contains("note") {
        Some(Decision::context("Notes are public."))
    } else {
        None
    }
}

/// Weighs each permission request at length (20 s allowed). Agents deliver
/// it at their pre-tool event, ahead of the tool hooks: that event's
/// timeout covers both.
#[hook(permission_request, timeout_ms = 20_000)]
async fn weigh_permission(_ev: &PermissionRequest) {
    pause().await;
}

/// Archives the transcript before compaction (400 s allowed).
#[hook(before_compact, timeout_ms = 400_000)]
async fn archive_before_compact(_ev: &BeforeCompact) {
    pause().await;
}

/// Indexes the transcript before compaction (300 s allowed), after
/// `archive_before_compact`: the two run one after the other.
#[hook(before_compact, timeout_ms = 300_000)]
async fn index_before_compact(_ev: &BeforeCompact) {
    pause().await;
}

/// An await, so that the hooks above are really async (a body that never
/// suspends is run as a sync hook, which has no timeout).
async fn pause() {
    std::future::ready(()).await;
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
