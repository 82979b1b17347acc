//! The conformance fixtures behind tackle's command line:
//!
//! ```text
//! cargo run -p mcp-conformance -- mcp --http 127.0.0.1:3001
//! ```

#![warn(missing_docs)]

tackle_runtime::link!(mcp_conformance);

fn main() -> std::process::ExitCode {
    tackle_runtime::host_cli::main()
}
