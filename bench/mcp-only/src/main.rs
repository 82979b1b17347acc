//! The MCP benchmark's MCP-only candidate: the `add` and `echo` tools in
//! a binary with tackle-runtime's MCP entry point alone.
//! `../shared/bench/mcp_roundtrip.sh` times `tackle-mcp-only mcp`.

tackle_runtime::link!(bench_mcp);

fn main() -> std::process::ExitCode {
    tackle_runtime::mcp_only::main()
}
