//! Test host: the example plugins plus the misbehaving fixture.

tackle_runtime::link!(metrics, textkit, faulty);

fn main() -> std::process::ExitCode {
    tackle_runtime::host_cli::main()
}
