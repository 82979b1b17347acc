//! The policy server of the fleet tests (`tests/fleet.rs`): replicas of
//! it behind haproxy, sharing a Redis session store. The guard
//! (fail-closed), doom-loop and read-before-edit for hook events, and
//! `mcpish` for MCP calls that ask their client (`interview`).

tackle_runtime::link!(guard, doomloop, read_before_edit, mcpish);

fn main() -> std::process::ExitCode {
    tackle_runtime::host_cli::main()
}
