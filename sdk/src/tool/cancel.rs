//! Cancellation of a running call.

use tokio_util::sync::CancellationToken;

/// Tells a running tool that its caller gave up (for example an MCP
/// `notifications/cancelled`); hosts cancel through the token they put in
/// the call's [`CallInfo`](crate::CallInfo).
///
/// Cheap to clone; all clones see the same state. A long tool should check
/// [`Cancellation::is_cancelled`] between steps or `select!` on
/// [`Cancellation::cancelled`].
#[derive(Debug, Clone, Default)]
pub struct Cancellation(CancellationToken);

impl Cancellation {
    /// A token that is not cancelled.
    pub fn new() -> Self {
        Cancellation(CancellationToken::new())
    }

    /// Cancels this token and every child.
    pub fn cancel(&self) {
        self.0.cancel();
    }

    /// Whether the call was cancelled.
    pub fn is_cancelled(&self) -> bool {
        self.0.is_cancelled()
    }

    /// Resolves when the call is cancelled.
    pub async fn cancelled(&self) {
        self.0.cancelled().await;
    }

    /// A token cancelled with this one, which can also be cancelled alone.
    pub fn child(&self) -> Cancellation {
        Cancellation(self.0.child_token())
    }
}

/// Wraps a token the host already has (an MCP request's, say), so that
/// cancelling it cancels the call.
impl From<CancellationToken> for Cancellation {
    fn from(token: CancellationToken) -> Self {
        Cancellation(token)
    }
}
