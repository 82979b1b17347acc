//! `mcp`: serve the plugins' tools to an MCP client on stdin and stdout.

use std::sync::Arc;

use crate::Host;
use crate::mcp::McpServer;

use super::{exit, output};

#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The session id tools and hooks see (default: mcp-<pid>).
    #[arg(long, value_name = "ID")]
    session: Option<String>,
}

/// Serves until the client closes stdin; the host is shut down after.
pub(crate) async fn run(host: Host, bin: &str, args: &Args) -> u8 {
    let host = Arc::new(host);
    let mut server = McpServer::new(host.clone())
        .server_info(bin, env!("CARGO_PKG_VERSION"))
        .instructions(instructions(&host));
    if let Some(session) = &args.session {
        server = server.session(session);
    }
    let code = match server.serve_stdio().await {
        Ok(()) => exit::OK,
        Err(e) => {
            output::err(format_args!("error: {e}"));
            exit::SERVE_FAILED
        }
    };
    host.shutdown().await;
    code
}

/// What the client's model is told of the server: its plugins.
fn instructions(host: &Host) -> String {
    let mut text = String::from("Tools from these tackle plugins:");
    for plugin in host.plugins() {
        if plugin.status() != crate::PluginStatus::Ready {
            continue;
        }
        let def = plugin.def();
        text.push_str("\n- ");
        text.push_str(def.id);
        if !def.description.is_empty() {
            text.push_str(": ");
            text.push_str(def.description);
        }
    }
    text
}
