//! The rmcp server handler: what this server offers and how it answers.

use std::borrow::Cow;
use std::panic::AssertUnwindSafe;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use futures_util::FutureExt;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, ErrorCode, Implementation, ListToolsResult,
    PaginatedRequestParams, ProtocolVersion, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::{Peer, RequestContext};
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::Value;
use tackle::hook::SessionInfo;
use tokio_util::sync::CancellationToken;

use super::service::panicked;
use tackle_host::Host;

/// The newest MCP revision the server speaks; a client asking for an
/// older one it knows gets that one back.
pub const PROTOCOL_VERSION: &str = "2025-11-25";

/// [`PROTOCOL_VERSION`] as rmcp names it.
const NEWEST: ProtocolVersion = ProtocolVersion::V_2025_11_25;

/// One connection's server: the host, and what hooks are told of it.
pub(crate) struct Handler {
    pub(crate) host: Arc<Host>,
    pub(crate) cwd: PathBuf,
    pub(crate) session: String,
    /// Cancelled when the client closes its input.
    pub(crate) input_closed: CancellationToken,
    info: ServerConfig,
    /// The tool list, built on the first `tools/list`.
    tools: OnceLock<Vec<Tool>>,
    /// What hooks see of the session, from the client's `initialize`.
    session_info: OnceLock<SessionInfo>,
}

impl Handler {
    pub(crate) fn new(
        host: Arc<Host>,
        cwd: PathBuf,
        session: String,
        input_closed: CancellationToken,
        server: Implementation,
        instructions: Option<String>,
    ) -> Self {
        let mut info = ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(server)
            .with_protocol_version(NEWEST);
        if let Some(instructions) = instructions {
            info = info.with_instructions(instructions);
        }
        Handler {
            host,
            cwd,
            session,
            input_closed,
            info,
            tools: OnceLock::new(),
            session_info: OnceLock::new(),
        }
    }

    /// What hooks see: the client as the agent, over MCP.
    pub(crate) fn session_info(&self, peer: &Peer<RoleServer>) -> &SessionInfo {
        self.session_info.get_or_init(|| {
            let mut info = SessionInfo::default();
            info.metadata
                .insert("transport".to_owned(), Value::String("mcp".to_owned()));
            if let Some(client) = peer.peer_info() {
                info.agent = Some(client.client_info.name.clone());
                info.metadata.insert(
                    "mcp_client_version".to_owned(),
                    Value::String(client.client_info.version.clone()),
                );
                info.metadata.insert(
                    "mcp_protocol_version".to_owned(),
                    Value::String(client.protocol_version.to_string()),
                );
            }
            info
        })
    }
}

impl std::fmt::Debug for Handler {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Handler")
            .field("cwd", &self.cwd)
            .field("session", &self.session)
            .finish_non_exhaustive()
    }
}

/// "Method not found", with what the server does offer.
pub(crate) fn unknown_method(method: &str) -> ErrorData {
    ErrorData::new(
        ErrorCode::METHOD_NOT_FOUND,
        format!(
            "method not found: `{method}`; this server offers initialize, ping, tools/list and tools/call"
        ),
        None,
    )
}

impl ServerHandler for Handler {
    fn get_info(&self) -> ServerConfig {
        self.info.clone()
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        Cow::Borrowed(ProtocolVersion::known_up_to(&NEWEST))
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        // Over HTTP rmcp serves this handler itself, without the service's
        // net for panics (`service.rs`): the two methods that run tackle's
        // code keep one of their own, so every request is answered.
        let listed = std::panic::catch_unwind(AssertUnwindSafe(|| {
            self.tools
                .get_or_init(|| super::listing::tools(&self.host))
                .clone()
        }));
        match listed {
            Ok(tools) => Ok(ListToolsResult::with_all_items(tools)),
            Err(panic) => Err(panicked("tools/list", panic)),
        }
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        // Boxed: the call's future is large, and rmcp moves its own
        // request future around; a box keeps that a pointer (about a fifth
        // less CPU per call under a burst of requests, BENCHMARKS.md).
        match AssertUnwindSafe(Box::pin(self.call(request, context)))
            .catch_unwind()
            .await
        {
            Ok(answer) => answer.map(Into::into),
            Err(panic) => Err(panicked("tools/call", panic)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{NEWEST, PROTOCOL_VERSION};

    #[test]
    fn the_public_version_is_the_one_served() {
        assert_eq!(NEWEST.as_str(), PROTOCOL_VERSION);
    }
}
