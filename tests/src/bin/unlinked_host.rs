//! Test host that depends on `textkit` (see Cargo.toml) but forgets to name
//! it in `link!`, so rustc drops it: the registry never sees it.

tackle_runtime::link!(metrics);

fn main() -> std::process::ExitCode {
    tackle_runtime::host_cli::main()
}
