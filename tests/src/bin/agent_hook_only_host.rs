//! The agent test host's plugins in a hook-only binary
//! (`tackle_runtime::hook::main`): the same `agentish` fixture, and no
//! command line.

tackle_runtime::link!(agentish);

fn main() -> std::process::ExitCode {
    tackle_runtime::hook::main()
}
