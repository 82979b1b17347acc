//! Test host for the model API providers: the `reviewer` example (a
//! subagent with a typed payload) and a plugin of its own, `nightly`, whose
//! prompt cron job asks the host's agent to count words and to wipe the
//! notes, which its hook refuses.

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

fn main() -> std::process::ExitCode {
    tackle_runtime::cli::main()
}
