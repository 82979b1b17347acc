//! The MCP benchmark's candidate: a tackle host linking only the `add` and
//! `echo` tools. `../shared/bench/mcp_roundtrip.sh` times
//! `tackle-mcp-bench mcp`.

tackle_runtime::link!(bench_mcp);

fn main() -> std::process::ExitCode {
    tackle_runtime::host_cli::main()
}
