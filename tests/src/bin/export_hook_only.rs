//! The export test host's plugins in a hook-only binary
//! (`tackle_runtime::hook::main`): what `export --hook-bin` ships beside
//! `tackle-export-host` for the hook commands to run.

tackle_runtime::link!(guard, doomloop, read_before_edit, metrics);

fn main() -> std::process::ExitCode {
    tackle_runtime::hook::main()
}
