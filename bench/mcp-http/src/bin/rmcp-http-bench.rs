//! The HTTP benchmark's rmcp candidate: bench/mcp's `add` tool written with
//! rmcp's own macros (`#[tool_router]`, `#[tool]`, `#[tool_handler]`),
//! served by rmcp's `StreamableHttpService` with sessions
//! (`LocalSessionManager`) on axum, as `tackle mcp --http` serves it.
//!
//! Matched with tackle's server: the same rmcp and axum, one
//! current-thread tokio runtime (a tackle host's CLI runtime), TCP_NODELAY
//! on every connection, rmcp's
//! allow-lists for the loopback `Host` and `Origin` values of the bound
//! port; the tool router built once (`#[tool_handler(router = ...)]`). The
//! answer is tackle's: the sum as the text, `{"result": sum}` as
//! structured content.
//!
//! ```text
//! rmcp-http-bench 127.0.0.1:PORT [--stateless]
//! ```
//!
//! `--stateless`: no sessions (`NeverSessionManager`), as `tackle mcp
//! --http ADDR --stateless` serves.

use std::process::ExitCode;
use std::sync::Arc;

use axum::serve::ListenerExt;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, ContentBlock, Implementation, ServerCapabilities, ServerConfig};
use rmcp::transport::streamable_http_server::session::SessionManager;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::session::never::NeverSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{ServerHandler, schemars, tool, tool_handler, tool_router};
use serde::Deserialize;

/// `add`'s arguments.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
struct AddArguments {
    /// The first.
    a: i64,
    /// The second.
    b: i64,
}

#[derive(Debug, Clone)]
struct Bench {
    tool_router: ToolRouter<Bench>,
}

#[tool_router]
impl Bench {
    fn new() -> Bench {
        Bench {
            tool_router: Self::tool_router(),
        }
    }

    /// Add two integers.
    #[tool(description = "Add two integers.")]
    fn add(&self, Parameters(AddArguments { a, b }): Parameters<AddArguments>) -> CallToolResult {
        let sum = a.wrapping_add(b);
        let mut result = CallToolResult::success(vec![ContentBlock::text(sum.to_string())]);
        result.structured_content = Some(serde_json::json!({ "result": sum }));
        result
    }
}

// The router built once, with the server, not per call (the macro's
// default, `Self::tool_router()`): the stronger rmcp baseline.
#[tool_handler(router = self.tool_router)]
impl ServerHandler for Bench {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build()).with_server_info(
            Implementation::new("rmcp-http-bench", env!("CARGO_PKG_VERSION")),
        )
    }
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (addr, stateless): (std::net::SocketAddr, bool) = match (
        args.next().map(|a| a.parse()),
        args.next().as_deref(),
        args.next(),
    ) {
        (Some(Ok(addr)), None, None) => (addr, false),
        (Some(Ok(addr)), Some("--stateless"), None) => (addr, true),
        _ => {
            eprintln!("usage: rmcp-http-bench 127.0.0.1:PORT [--stateless]");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("rmcp-http-bench: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(serve(addr, stateless)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("rmcp-http-bench: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn serve(addr: std::net::SocketAddr, stateless: bool) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let port = listener.local_addr()?.port();
    // As tackle's server (and Node's, by default): without it, a client's
    // delayed ACK holds the last piece of each answer ~40 ms.
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    let names = ["127.0.0.1", "localhost", "[::1]"];
    let config = StreamableHttpServerConfig::default()
        .with_allowed_hosts(names.map(|n| format!("{n}:{port}")))
        .with_allowed_origins(names.map(|n| format!("http://{n}:{port}")))
        .enforce_origin_validation()
        .with_legacy_session_mode(!stateless);
    let app = if stateless {
        router(config, NeverSessionManager::default())
    } else {
        router(config, LocalSessionManager::default())
    };
    eprintln!("serving MCP on http://{addr}/mcp");
    axum::serve(listener, app).await
}

fn router<M: SessionManager>(config: StreamableHttpServerConfig, sessions: M) -> axum::Router {
    let service = StreamableHttpService::new(|| Ok(Bench::new()), Arc::new(sessions), config);
    axum::Router::new().route_service("/mcp", service)
}
