//! Test host for `export`: plugins whose hooks, rules, context files,
//! skills and commands every agent package carries.

tackle_runtime::link!(guard, doomloop, read_before_edit, metrics);

fn main() -> std::process::ExitCode {
    tackle_runtime::host_cli::main()
}
