//! Test host for what a session's start adds to the agent's context: the
//! `guard` example (a context file) and a plugin of its own, `briefing`,
//! with a context file and a `system_prompt` hook. `tests/replay_live.rs`
//! checks that the agent gets each text once, and that `replay` reports
//! what the live hook answers.

use tackle::prelude::*;

tackle::plugin! {
    id: "briefing",
    description: "A context file and a system prompt hook.",
    context_injectors: ["fixtures/context/briefing.md"],
}

/// The house rule, added to the system prompt.
#[hook(system_prompt)]
fn house_rule() -> String {
    "Run the tests before saying a change is done.".to_owned()
}

tackle_runtime::link!(guard);

fn main() -> std::process::ExitCode {
    tackle_runtime::host_cli::main()
}
