//! `prompts/get`: a prompt's messages. A prompt that takes
//! `&PromptContext` may ask the client: over the server's own requests
//! (a client with `initialize`), or on protocol 2026-07-28 by an
//! `InputRequiredResult`. A prompt is not parked as a tool call is: it
//! stops where it asked, and the client's retry runs it again with every
//! answer so far, so only what it did before asking repeats.

use std::sync::Arc;

use rmcp::model::{
    GetPromptRequestParams, GetPromptResponse, GetPromptResult, InputResponses, ResultType,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer};
use serde_json::Value;

use super::client::{Client, Via};
use super::handler::Handler;
use super::revision::by_retries;
use super::served::input::{Asker, Known};
use super::served::parked::{Asks, Resumed};
use super::served::prompts::{self, Got, PromptClient};

impl Handler {
    pub(crate) async fn prompt(
        &self,
        mut request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        let limits = self.limits("prompts/get", &context);
        let client = |via| {
            Arc::new(Client {
                via,
                capabilities: context.client_capabilities(),
                input_closed: self.input_closed.clone(),
            })
        };
        if !by_retries(&context) {
            let asking = PromptClient {
                client: Some(client(Via::Peer(context.peer.clone()))),
                rounds: None,
            };
            return match prompts::get(&self.host, request, &limits, asking).await? {
                Got::Messages(result) => Ok(complete(result)),
                Got::Asked(_) => Err(ErrorData::internal_error(
                    "the prompt asked its client by a retry the client does not make",
                    None,
                )),
            };
        }
        let name = request.name.clone();
        let arguments = Value::Object(request.arguments.clone().unwrap_or_default());
        let responses = request.input_responses.take().unwrap_or_default();
        let known = match request.request_state.take() {
            // As a tool call's: answers up front go to the questions the
            // prompt asks under their keys.
            None => Known {
                replay: Vec::new(),
                given: responses,
            },
            Some(state) => match self.parked.resume(
                &state,
                Asks::Prompt,
                &name,
                &arguments,
                responses,
                self.host.session_store(),
            )? {
                Resumed::Checkpoint { replay, .. } => Known {
                    replay,
                    given: InputResponses::new(),
                },
                Resumed::Parked(call) => {
                    call.detach();
                    return Err(ErrorData::internal_error(
                        "`requestState` names a parked tool call, not a prompt",
                        None,
                    ));
                }
            },
        };
        let (asker, mut rounds) = Asker::new(known);
        asker.enter_tool(&arguments);
        let asking = PromptClient {
            client: Some(client(Via::Retry(asker.clone()))),
            rounds: Some(&mut rounds),
        };
        match prompts::get(&self.host, request, &limits, asking).await? {
            Got::Messages(result) => Ok(complete(result)),
            Got::Asked(questions) => self
                .parked
                .seal_prompt(&name, &arguments, &asker, questions)
                .map(GetPromptResponse::InputRequired)
                .map_err(|why| {
                    ErrorData::internal_error(
                        format!("the prompt `{name}` asked its client, and its state could not be sealed: {why}"),
                        None,
                    )
                }),
        }
    }
}

/// A prompt's messages, as a complete result (as `read_resource`'s).
fn complete(mut result: GetPromptResult) -> GetPromptResponse {
    result.result_type = Some(ResultType::COMPLETE);
    result.into()
}
