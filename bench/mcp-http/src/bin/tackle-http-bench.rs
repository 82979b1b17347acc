//! The HTTP benchmark's tackle candidate: a host linking only bench/mcp's
//! `add` and `echo` tools; `mcp-http-load` runs
//! `tackle-http-bench mcp --http 127.0.0.1:PORT`.

tackle_runtime::link!(bench_mcp);

fn main() -> std::process::ExitCode {
    tackle_runtime::host_cli::main()
}
