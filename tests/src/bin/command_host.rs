//! Test host for slash commands: the metrics example and the `slash` fixture.

tackle_runtime::link!(metrics, slash);

fn main() -> std::process::ExitCode {
    tackle_runtime::host_cli::main()
}
