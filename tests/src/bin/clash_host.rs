//! Test host whose plugins clash: `textkit` and `clash` both declare
//! `word_count`. It links `guard` too, whose `before_tool_call` hook fails
//! closed: a registry that fails to build must not let its calls through.

tackle_runtime::link!(textkit, clash, guard);

fn main() -> std::process::ExitCode {
    tackle_runtime::host_cli::main()
}
