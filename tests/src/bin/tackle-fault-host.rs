//! The hook command with the `faults` fixture plugin (hooks that panic,
//! fail and hang on demand), for `tests/faults.rs`. Found by Cargo's
//! binary discovery; the plugin's source is shared with that test.
#![allow(
    dead_code,
    reason = "the test reads the plugin's counters; this binary only runs its hooks"
)]

// `plugin!` must be at the crate root: the plugin is included, not a module.
include!("../../tests/faults/plugin.rs");

fn main() -> std::process::ExitCode {
    tackle_runtime::host_cli::main()
}
