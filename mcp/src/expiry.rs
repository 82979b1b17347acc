//! When plugin code has run too long: a call's or a served request's time
//! limit, or the grace it gets once the client closed its input.

use std::time::Duration;

use tokio_util::sync::CancellationToken;

/// How long a call with no `tool_timeout_secs` may still run once the
/// client has closed its input; then it is cancelled and answered as
/// timed out, so the server's exit never waits on a tool that does not
/// return. A call with a time limit keeps its limit.
pub const SHUTDOWN_LIMIT: Duration = Duration::from_secs(5);

/// Why a call was stopped before it returned.
pub(crate) enum Expired {
    /// It ran past `tool_timeout_secs`.
    Limit(Duration),
    /// It was still running [`SHUTDOWN_LIMIT`] after the input closed.
    Shutdown,
}

/// Ends when plugin code that started now has run too long: after `limit`,
/// or without one, [`SHUTDOWN_LIMIT`] after the client closed its input.
pub(crate) async fn expiry(limit: Option<Duration>, input_closed: &CancellationToken) -> Expired {
    match limit {
        Some(limit) => {
            tokio::time::sleep(limit).await;
            Expired::Limit(limit)
        }
        None => {
            input_closed.cancelled().await;
            tokio::time::sleep(SHUTDOWN_LIMIT).await;
            Expired::Shutdown
        }
    }
}
