//! The answer to a request whose handler panicked, for every file that
//! catches one.

use rmcp::ErrorData;
use tackle_host::panic_message;

/// The answer to a request whose handler panicked.
pub(crate) fn panicked(method: &str, panic: Box<dyn std::any::Any + Send>) -> ErrorData {
    panicked_with(method, &panic_message(&panic))
}

/// [`panicked`], with the panic's message already taken.
pub(crate) fn panicked_with(method: &str, why: &str) -> ErrorData {
    tracing::error!(%method, panic = %why, "the MCP server panicked on a request");
    ErrorData::internal_error(
        format!("the server failed on this `{method}` request: it panicked: {why}"),
        None,
    )
}
