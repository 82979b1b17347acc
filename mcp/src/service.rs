//! What rmcp runs: the [`Handler`], with two rules for every request.
//!
//! - "Method not found" (-32601) names what this server offers, whichever
//!   method it is: rmcp's own defaults (`resources/list`, `prompts/get`,
//!   `completion/complete`, ...) carry the method's name alone.
//! - A request whose handler panics (a bug in tackle: tools and hooks have
//!   their panics contained already) is answered with an internal error,
//!   instead of leaving the client, and the server's end of input, waiting
//!   for an answer that never comes.

use std::borrow::Cow;
use std::panic::AssertUnwindSafe;

use futures_util::FutureExt;
use rmcp::model::{ClientNotification, ClientRequest, ErrorCode, ProtocolVersion, ServerResult};
use rmcp::service::{NotificationContext, RequestContext, Service, ServiceRole};
use rmcp::{ErrorData, RoleServer};

use super::handler::{Handler, unknown_method};
use super::panicked::panicked;

/// The handler as rmcp's service.
#[derive(Debug)]
pub(crate) struct HandlerService(pub(crate) Handler);

impl Service<RoleServer> for HandlerService {
    async fn handle_request(
        &self,
        request: ClientRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<ServerResult, ErrorData> {
        // Kept for an error only; a call (the request served most) is
        // always found, and needs no copy.
        let method = match &request {
            ClientRequest::CallToolRequest(_) => Cow::Borrowed("tools/call"),
            other => Cow::Owned(other.method().to_owned()),
        };
        let handled = AssertUnwindSafe(self.0.handle_request(request, context))
            .catch_unwind()
            .await;
        match handled {
            Ok(Err(error)) if error.code == ErrorCode::METHOD_NOT_FOUND => {
                Err(unknown_method(&method))
            }
            Ok(answer) => answer,
            Err(panic) => Err(panicked(&method, panic)),
        }
    }

    async fn handle_notification(
        &self,
        notification: ClientNotification,
        context: NotificationContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.0.handle_notification(notification, context).await
    }

    fn get_info(&self) -> <RoleServer as ServiceRole>::Info {
        Service::get_info(&self.0)
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        Service::supported_protocol_versions(&self.0)
    }
}
