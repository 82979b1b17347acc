//! The plugin code a served request runs (a resource's read, a prompt's
//! messages, a completion function), under a tool call's rules: off the
//! server's thread, on a worker of the host's ([`Host::offload`]), so one
//! that blocks holds that worker and never the server; within `tool_timeout_secs` (or, without it,
//! [`SHUTDOWN_LIMIT`](crate::SHUTDOWN_LIMIT) once the client closed its
//! input); and answered at once when the client cancels the request.

use std::time::Duration;

use rmcp::ErrorData;
use tackle::def::BoxFuture;
use tokio_util::sync::CancellationToken;

use tackle_host::Host;
use tackle_host::offload::Ended;

use crate::expiry::{Expired, expiry};
use crate::panicked::panicked_with;

/// The limits of one request.
pub(crate) struct Limits<'a> {
    /// Whose workers run the code.
    pub(crate) host: &'a Host,
    /// `tool_timeout_secs`, if the config sets it.
    pub(crate) limit: Option<Duration>,
    /// Cancelled when the client closes its input.
    pub(crate) input_closed: &'a CancellationToken,
    /// Cancelled when the client cancels the request.
    pub(crate) cancelled: &'a CancellationToken,
    /// The request's method, for a panic's error.
    pub(crate) method: &'static str,
}

impl Limits<'_> {
    /// Runs `work` on a worker within the limits. `what` names it
    /// in an error (``the resource `test://x` ``). Once the limit passes or
    /// the client cancels, an async `work` is dropped at its next `.await`;
    /// a sync one runs on to its end, its answer unused.
    pub(crate) async fn run<T: Send + 'static>(
        &self,
        what: &str,
        work: BoxFuture<T>,
    ) -> Result<T, ErrorData> {
        let task = self
            .host
            .offload(move || work)
            .await
            .map_err(|busy| ErrorData::internal_error(format!("{what}: {busy}"), None))?;
        tokio::select! {
            biased;
            joined = task => match joined {
                Ok(done) => Ok(done),
                Err(Ended::Panicked(why)) => Err(panicked_with(self.method, &why)),
                Err(ended) => Err(ErrorData::internal_error(format!("{what} failed: {ended}"), None)),
            },
            () = self.cancelled.cancelled() => Err(ErrorData::internal_error(
                format!("{what}: the client cancelled the request"),
                None,
            )),
            expired = expiry(self.limit, self.input_closed) => Err(ErrorData::internal_error(
                match expired {
                    Expired::Limit(limit) => format!(
                        "{what} did not answer within {} s (tool_timeout_secs), so the request was given up",
                        limit.as_secs()
                    ),
                    Expired::Shutdown => format!(
                        "{what} was still running {} s after the client closed its input, so the request was given up (tool_timeout_secs gives it a limit of its own)",
                        crate::SHUTDOWN_LIMIT.as_secs()
                    ),
                },
                None,
            )),
        }
    }
}
