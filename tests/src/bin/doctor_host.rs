//! Doctor test host: the doctor fixture plugin alone.

tackle_runtime::link!(doctored);

fn main() -> std::process::ExitCode {
    tackle_runtime::host_cli::main()
}
