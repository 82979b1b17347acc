//! Test host for `export` refusals: the `exporty` fixture's hooks at points
//! only some agents deliver, beside `guard`.

tackle_runtime::link!(guard, exporty);

fn main() -> std::process::ExitCode {
    tackle_runtime::host_cli::main()
}
