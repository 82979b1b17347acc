//! The answer to a request whose handler panicked, for every file that
//! catches one.

use std::panic::AssertUnwindSafe;

use futures_util::FutureExt;
use rmcp::ErrorData;
use tackle_host::panic_message;

/// The answer to a request whose handler panicked.
pub(crate) fn panicked(method: &str, panic: Box<dyn std::any::Any + Send>) -> ErrorData {
    panicked_with(method, &panic_message(&panic))
}

/// What `answer` answers, or [`panicked`] if it panics: over HTTP rmcp
/// runs the handler without `service.rs`'s net, so each method that runs
/// tackle's code keeps its own.
pub(crate) async fn catching_panics<T>(
    method: &str,
    answer: impl Future<Output = Result<T, ErrorData>>,
) -> Result<T, ErrorData> {
    AssertUnwindSafe(answer)
        .catch_unwind()
        .await
        .unwrap_or_else(|panic| Err(panicked(method, panic)))
}

/// [`panicked`], with the panic's message already taken.
pub(crate) fn panicked_with(method: &str, why: &str) -> ErrorData {
    tracing::error!(%method, panic = %why, "the MCP server panicked on a request");
    ErrorData::internal_error(
        format!("the server failed on this `{method}` request: it panicked: {why}"),
        None,
    )
}
