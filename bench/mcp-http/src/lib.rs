//! MCP `tools/call` over Streamable HTTP under load: the pieces of the
//! `mcp-http-load` driver (see `bench/mcp_http.sh` and BENCHMARKS.md), and
//! of `hooks-served` (`bench/hooks_served.sh`): one hook decision four ways.

pub mod drive;
pub mod hook_event;
pub mod hook_ways;
pub mod report;
pub mod server;
pub mod session;
pub mod stats;
pub mod wire;
