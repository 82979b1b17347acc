//! What a tool asks of the MCP client behind its call: a sample of the
//! client's model (`sampling/createMessage`), a form for its user
//! (`elicitation/create`) and its roots (`roots/list`), each only if the
//! client offers it: as the server's own requests, or on protocol
//! 2026-07-28 in the call's `InputRequiredResult`.

use rmcp::RoleServer;
#[allow(deprecated)]
// sampling and roots: deprecated by rmcp for a later MCP revision (SEP-2577),
// still in 2025-11-25 and 2026-07-28.
use rmcp::model::{
    ClientCapabilities, CreateMessageRequest, CreateMessageRequestParams, ElicitRequest,
    ElicitRequestParams, ElicitResult, ElicitationAction, ElicitationSchema, InputRequest,
    ListRootsRequest, ListRootsResult,
};
use rmcp::service::Peer;
use serde_json::Value;
use tackle::def::BoxFuture;
use tackle::tool::{ClientCapability, ClientRequests, ElicitAnswer, Root, SampleRequest, Sampled};
use tokio_util::sync::CancellationToken;

use super::served::input::{Asker, QuestionFrom};
use super::served::to_rmcp;

/// How a call's questions reach its client.
#[derive(Debug, Clone)]
pub(crate) enum Via {
    /// As the server's own requests (a client with `initialize`).
    Peer(Peer<RoleServer>),
    /// In `InputRequiredResult`, answered by the client's retry
    /// (protocol 2026-07-28).
    Retry(Asker),
}

impl Via {
    /// Where the client says what it offers.
    fn offers_in(&self) -> &'static str {
        match self {
            Via::Peer(_) => "at initialize",
            Via::Retry(_) => "in the request's `_meta`",
        }
    }

    /// The user's answer to a form, asked by `origin` (under `key`, if the
    /// tool chose one).
    pub(crate) async fn elicit(
        &self,
        params: ElicitRequestParams,
        origin: QuestionFrom,
        key: Option<String>,
    ) -> Result<ElicitResult, String> {
        match self {
            Via::Peer(peer) => peer
                .create_elicitation(params)
                .await
                .map_err(|e| format!("the client could not ask the user: {e}")),
            Via::Retry(asker) => {
                let answer = asker
                    .ask(
                        InputRequest::Elicitation(ElicitRequest::new(params)),
                        origin,
                        key,
                    )
                    .await?;
                serde_json::from_value(answer)
                    .map_err(|e| format!("the client's answer to the form could not be read: {e}"))
            }
        }
    }

    /// The client's model's answer, as JSON.
    #[allow(deprecated)]
    async fn sample(
        &self,
        params: CreateMessageRequestParams,
        key: Option<String>,
    ) -> Result<Value, String> {
        let answer = match self {
            Via::Peer(peer) => serde_json::to_value(
                peer.create_message(params)
                    .await
                    .map_err(|e| format!("the client's model did not answer: {e}"))?,
            )
            .map_err(|e| format!("the client's answer could not be read: {e}"))?,
            Via::Retry(asker) => {
                asker
                    .ask(
                        InputRequest::CreateMessage(CreateMessageRequest::new(params)),
                        QuestionFrom::Tool,
                        key,
                    )
                    .await?
            }
        };
        Ok(answer)
    }

    /// The client's roots.
    #[allow(deprecated)]
    async fn roots(&self, key: Option<String>) -> Result<ListRootsResult, String> {
        match self {
            Via::Peer(peer) => peer
                .list_roots()
                .await
                .map_err(|e| format!("the client did not list its roots: {e}")),
            Via::Retry(asker) => {
                let answer = asker
                    .ask(
                        InputRequest::ListRoots(ListRootsRequest::default()),
                        QuestionFrom::Tool,
                        key,
                    )
                    .await?;
                serde_json::from_value(answer)
                    .map_err(|e| format!("the client's list of roots could not be read: {e}"))
            }
        }
    }
}

/// The client of one call.
#[derive(Debug)]
pub(crate) struct Client {
    pub(crate) via: Via,
    /// What the client offers: from `initialize`, or on 2026-07-28 from
    /// the request's `_meta`.
    pub(crate) capabilities: Option<ClientCapabilities>,
    /// Cancelled when the client closes its input: no answer can come.
    pub(crate) input_closed: CancellationToken,
}

impl Client {
    /// Runs `request` unless the client closes its input first.
    async fn until_closed<T>(
        input_closed: &CancellationToken,
        request: impl Future<Output = Result<T, String>>,
    ) -> Result<T, String> {
        tokio::select! {
            answer = request => answer,
            () = input_closed.cancelled() => Err("the client closed its input before it answered".to_owned()),
        }
    }

    /// The way to the client and its input's end, if it offers
    /// `capability`: else why a tool cannot ask it.
    fn asking(&self, capability: ClientCapability) -> Result<(Via, CancellationToken), String> {
        if !self.offers(capability) {
            let name = capability.name();
            return Err(format!(
                "the client does not offer {name} (no `{name}` capability {})",
                self.via.offers_in()
            ));
        }
        Ok((self.via.clone(), self.input_closed.clone()))
    }
}

/// Whether `capabilities` offer `capability`.
pub(crate) fn offers(capabilities: &ClientCapabilities, capability: ClientCapability) -> bool {
    match capability {
        ClientCapability::Sampling => capabilities.sampling.is_some(),
        ClientCapability::Elicitation => capabilities.elicitation.is_some(),
        ClientCapability::Roots => capabilities.roots.is_some(),
    }
}

impl ClientRequests for Client {
    fn offers(&self, capability: ClientCapability) -> bool {
        self.capabilities
            .as_ref()
            .is_some_and(|c| offers(c, capability))
    }

    fn begin_task(&self) {
        if let Via::Retry(asker) = &self.via {
            asker.begin_task();
        }
    }

    #[allow(deprecated)]
    fn sample(
        &self,
        key: Option<String>,
        request: SampleRequest,
    ) -> BoxFuture<Result<Sampled, String>> {
        let asking = self.asking(ClientCapability::Sampling);
        Box::pin(async move {
            let (via, input_closed) = asking?;
            let params: CreateMessageRequestParams =
                to_rmcp(&request, "the sampling request").map_err(|e| e.message.to_string())?;
            let mut answer = Client::until_closed(&input_closed, via.sample(params, key)).await?;
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

    fn elicit(
        &self,
        key: Option<String>,
        message: String,
        schema: Value,
    ) -> BoxFuture<Result<ElicitAnswer, String>> {
        let asking = self.asking(ClientCapability::Elicitation);
        Box::pin(async move {
            let (via, input_closed) = asking?;
            let requested_schema: ElicitationSchema = serde_json::from_value(schema)
                .map_err(|e| format!("the form is not one MCP's elicitation allows: {e}"))?;
            let params = ElicitRequestParams::FormElicitationParams {
                meta: None,
                message,
                requested_schema,
            };
            let answer =
                Client::until_closed(&input_closed, via.elicit(params, QuestionFrom::Tool, key))
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

    #[allow(deprecated)]
    fn roots(&self, key: Option<String>) -> BoxFuture<Result<Vec<Root>, String>> {
        let asking = self.asking(ClientCapability::Roots);
        Box::pin(async move {
            let (via, input_closed) = asking?;
            let listed = Client::until_closed(&input_closed, via.roots(key)).await?;
            Ok(listed
                .roots
                .into_iter()
                .map(|root| Root {
                    uri: root.uri,
                    name: root.name,
                })
                .collect())
        })
    }
}
