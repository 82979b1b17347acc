//! The MCP server's test host: the example tool plugins and `mcpish`
//! (benchmark tools, hooks that deny, ask and redact, progress,
//! cancellation, a tool that prints to stdout, one that panics).

tackle_runtime::link!(metrics, textkit, mcpish);

fn main() -> std::process::ExitCode {
    tackle_runtime::host_cli::main()
}
