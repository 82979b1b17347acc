//! Test host: the scripted provider beside a tool plugin.

tackle_runtime::link!(scripted, textkit);

fn main() -> std::process::ExitCode {
    tackle_runtime::host_cli::main()
}
