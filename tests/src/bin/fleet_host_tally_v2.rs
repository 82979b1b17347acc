//! A replica of the fleet tests' rolling upgrade: the guard and `tally`
//! at version 2.0.0.

tackle_runtime::link!(guard, tally_v2);

fn main() -> std::process::ExitCode {
    tackle_runtime::host_cli::main()
}
