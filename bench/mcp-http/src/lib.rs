//! MCP `tools/call` over Streamable HTTP under load: the pieces of the
//! `mcp-http-load` driver (see `bench/mcp_http.sh` and BENCHMARKS.md).

pub mod drive;
pub mod report;
pub mod server;
pub mod session;
pub mod stats;
pub mod wire;
