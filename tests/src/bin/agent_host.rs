//! Agent test host: the `agentish` fixture, whose hooks answer what the
//! payload asks for, and no hook that fails closed.

tackle_runtime::link!(agentish);

fn main() -> std::process::ExitCode {
    tackle_runtime::host_cli::main()
}
