//! Answers `server/discover` before rmcp sees it.
//!
//! Discovery belongs to a protocol revision after the ones this server
//! speaks. Clients probe with it and fall back to `initialize` on "method
//! not found" (-32601); rmcp would instead check the probe's metadata and
//! answer "invalid params", which a client takes as a broken server.
//!
//! It also tells the calls when the client closed its input: rmcp stops
//! sending notifications then, and a call must not wait on its progress.

use rmcp::RoleServer;
use rmcp::model::{ClientJsonRpcMessage, ConstString, DiscoverRequestMethod, ServerJsonRpcMessage};
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use tokio_util::sync::CancellationToken;

/// A transport that refuses discovery probes itself, and says when the
/// client closed its end (`closed`).
#[derive(Debug)]
pub(crate) struct Probes<T> {
    pub(crate) inner: T,
    pub(crate) closed: CancellationToken,
}

impl<T: Transport<RoleServer>> Transport<RoleServer> for Probes<T> {
    type Error = T::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        self.inner.send(item)
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        loop {
            let Some(message) = self.inner.receive().await else {
                self.closed.cancel();
                return None;
            };
            if let ClientJsonRpcMessage::Request(request) = &message
                && request.request.method() == DiscoverRequestMethod::VALUE
            {
                let error = super::handler::unknown_method(DiscoverRequestMethod::VALUE);
                let reply = ServerJsonRpcMessage::error(error, Some(request.id.clone()));
                if self.inner.send(reply).await.is_err() {
                    self.closed.cancel();
                    return None;
                }
                continue;
            }
            return Some(message);
        }
    }

    fn close(&mut self) -> impl Future<Output = Result<(), Self::Error>> + Send {
        self.inner.close()
    }
}
