//! Test host for the session store through the hook binary: the two
//! examples that keep per-session values (`doom-loop`, `read-before-edit`).

tackle_runtime::link!(doomloop, read_before_edit);

fn main() -> std::process::ExitCode {
    tackle_runtime::host_cli::main()
}
