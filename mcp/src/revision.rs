//! Which revision of MCP a request speaks, where it changes how the
//! server answers.

use rmcp::RoleServer;
use rmcp::service::RequestContext;

/// Whether the request's client answers the server's questions by retrying
/// (protocol 2026-07-28, no `initialize`) rather than as requests.
pub(crate) fn by_retries(context: &RequestContext<RoleServer>) -> bool {
    context
        .protocol_version()
        .is_some_and(|version| !version.has_initialize())
}
