//! Test host for a session store shared by hosts (`[sessions] store`,
//! `mcp --session-store`): the fail-closed `guard`, `doom-loop`, and
//! `tally`, a fail-closed hook that needs session state.

use tackle::prelude::*;

tackle_runtime::link!(guard, doomloop);

tackle::plugin! { id: "tally", description: "Counts a session's shell calls, failing closed." }

/// Shell calls so far.
#[tackle::data]
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Tally {
    calls: u32,
}

/// Counts the call; refuses it when the count cannot be kept.
#[hook(before_tool_call, matcher = "Bash", on_error = "closed")]
fn count(_: &BeforeToolCall, tally: &Session<Tally>) -> Result<Decision, SessionError> {
    tally.update(|tally| tally.calls += 1)?;
    Ok(Decision::abstain())
}

fn main() -> std::process::ExitCode {
    tackle_runtime::host_cli::main()
}
