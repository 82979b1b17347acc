//! Agent test host with a fail-closed hook: `agentish` plus `guard`, whose
//! `before_tool_call` hook fails closed.

tackle_runtime::link!(agentish, guard);

fn main() -> std::process::ExitCode {
    tackle_runtime::host_cli::main()
}
