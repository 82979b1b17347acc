//! Cron test host: the `cronjobs` fixture, for `tests/cron.rs`.

tackle_runtime::link!(cronjobs);

fn main() -> std::process::ExitCode {
    tackle_runtime::host_cli::main()
}
