//! What a tool asks of the MCP client behind its call: a sample of the
//! client's model (`sampling/createMessage`) and a form for its user
//! (`elicitation/create`), each only if the client offered it at
//! `initialize`.

use rmcp::RoleServer;
#[allow(deprecated)]
// sampling: deprecated by rmcp for a later MCP revision, still in 2025-11-25.
use rmcp::model::{
    CreateMessageRequestParams, ElicitRequestParams, ElicitationAction, ElicitationSchema,
};
use rmcp::service::Peer;
use serde_json::Value;
use tackle::def::BoxFuture;
use tackle::tool::{ClientRequests, ElicitAnswer, SampleRequest, Sampled};
use tokio_util::sync::CancellationToken;

use super::served::to_rmcp;

/// The client of one call.
#[derive(Debug)]
pub(crate) struct Client {
    pub(crate) peer: Peer<RoleServer>,
    /// Cancelled when the client closes its input: no answer can come.
    pub(crate) input_closed: CancellationToken,
}

impl Client {
    /// Runs `request` unless the client closes its input first.
    async fn until_closed<T>(
        &self,
        request: impl Future<Output = Result<T, String>>,
    ) -> Result<T, String> {
        tokio::select! {
            answer = request => answer,
            () = self.input_closed.cancelled() => Err("the client closed its input before it answered".to_owned()),
        }
    }
}

impl ClientRequests for Client {
    #[allow(deprecated)]
    fn sample(&self, request: SampleRequest) -> BoxFuture<Result<Sampled, String>> {
        let peer = self.peer.clone();
        let offered = peer
            .peer_info()
            .is_some_and(|info| info.capabilities.sampling.is_some());
        let client = Client {
            peer,
            input_closed: self.input_closed.clone(),
        };
        Box::pin(async move {
            if !offered {
                return Err(
                    "the client does not offer sampling (no `sampling` capability at initialize)"
                        .to_owned(),
                );
            }
            let params: CreateMessageRequestParams =
                to_rmcp(&request, "the sampling request").map_err(|e| e.message.to_string())?;
            let answer = client
                .until_closed(async {
                    client
                        .peer
                        .create_message(params)
                        .await
                        .map_err(|e| format!("the client's model did not answer: {e}"))
                })
                .await?;
            let mut answer = serde_json::to_value(answer)
                .map_err(|e| format!("the client's answer could not be read: {e}"))?;
            // A client that sampled with tools may answer with a list of
            // contents; the first is the message.
            if let Some(Value::Array(list)) = answer.get_mut("content")
                && let Some(first) = list.first().cloned()
            {
                answer["content"] = first;
            }
            serde_json::from_value(answer)
                .map_err(|e| format!("the client's answer could not be read: {e}"))
        })
    }

    fn elicit(&self, message: String, schema: Value) -> BoxFuture<Result<ElicitAnswer, String>> {
        let peer = self.peer.clone();
        let offered = peer
            .peer_info()
            .is_some_and(|info| info.capabilities.elicitation.is_some());
        let client = Client {
            peer,
            input_closed: self.input_closed.clone(),
        };
        Box::pin(async move {
            if !offered {
                return Err("the client does not offer elicitation (no `elicitation` capability at initialize)".to_owned());
            }
            let requested_schema: ElicitationSchema = serde_json::from_value(schema)
                .map_err(|e| format!("the form is not one MCP's elicitation allows: {e}"))?;
            let params = ElicitRequestParams::FormElicitationParams {
                meta: None,
                message,
                requested_schema,
            };
            let answer = client
                .until_closed(async {
                    client
                        .peer
                        .create_elicitation(params)
                        .await
                        .map_err(|e| format!("the client could not ask the user: {e}"))
                })
                .await?;
            Ok(match answer.action {
                ElicitationAction::Accept => ElicitAnswer::Accept(
                    answer.content.unwrap_or(Value::Object(Default::default())),
                ),
                ElicitationAction::Decline => ElicitAnswer::Decline,
                _ => ElicitAnswer::Cancel,
            })
        })
    }
}
