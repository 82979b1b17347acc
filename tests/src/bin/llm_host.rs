//! Test host for the model API providers: the `reviewer` example (a
//! subagent with a typed payload) and a plugin of its own, `nightly`, whose
//! prompt cron job asks the host's subagent bridge to count words and to wipe the
//! notes, which its hook refuses, and whose other hook tells the model whom
//! the reviewer's `file_stats` ran for.

use tackle::prelude::*;

tackle_runtime::link!(reviewer);

tackle::plugin! {
    id: "nightly",
    cron_jobs: [
        { key: "tidy", schedule: "0 3 * * *", prompt: "Count the words of the notes, then wipe them." },
    ],
}

/// Count the words of a text.
#[tool]
fn count_words(text: String) -> String {
    text.split_whitespace().count().to_string()
}

/// Delete the notes (`notes.txt` in the agent folder).
#[tool(destructive)]
fn wipe(ctx: &ToolContext) -> Result<String, ToolError> {
    std::fs::remove_file(ctx.resolve_path("notes.txt")?)?;
    Ok("wiped".to_owned())
}

/// Nightly runs never delete anything; the refusal names who asked.
#[hook(before_tool_call, matcher = "wipe")]
fn never_wipe(ctx: &HookContext) -> Decision {
    let origin = ctx
        .metadata()
        .get("origin")
        .and_then(|v| v.as_str())
        .unwrap_or("nobody");
    Decision::deny(format!("nightly runs never wipe (asked by {origin})"))
}

/// Tells the model whom a file's stats were read for: the run's origin
/// and role, as hooks see them.
#[hook(after_tool_call, matcher = "file_stats")]
fn read_for(ctx: &HookContext) -> Decision {
    let field = |key: &str| {
        ctx.metadata()
            .get(key)
            .and_then(|v| v.as_str())
            .unwrap_or("nobody")
            .to_owned()
    };
    Decision::context(format!(
        "(read for {} as {})",
        field("origin"),
        field("role")
    ))
}

fn main() -> std::process::ExitCode {
    tackle_runtime::host_cli::main()
}
