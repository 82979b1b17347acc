//! Test host for `replay`: the hook examples whose verdicts a replayed
//! session shows (`guard` denies and asks, `doom-loop` denies repeats,
//! `read-before-edit` adds context).

tackle_runtime::link!(guard, doomloop, read_before_edit);

fn main() -> std::process::ExitCode {
    tackle_runtime::host_cli::main()
}
