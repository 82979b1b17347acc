//! MCP `tools/call` over Streamable HTTP under load: the pieces of the
//! `mcp-http-load` driver (see `bench/mcp_http.sh` and BENCHMARKS.md), of
//! `hooks-served` (`bench/hooks_served.sh`): one hook decision four ways,
//! and of `mcp-http-hostile` (`bench/mcp_http_hostile.sh`): an honest
//! client's latency while hostile ones attack the server.

pub mod drive;
pub mod hook_event;
pub mod hook_ways;
pub mod hostile;
pub mod report;
pub mod server;
pub mod session;
pub mod stats;
pub mod wire;
