//! OpenAI's Responses API, as Codex uses it (a model provider with
//! `wire_api = "responses"` and `base_url = <fake>/v1`): `POST
//! /v1/responses` (and `/responses`), always streamed as server-sent
//! events, each named (`event: response.created`) and carrying its own
//! `type` in its data.
//!
//! What Codex needs of the stream (openai/codex `codex-rs/codex-api/src/
//! sse/responses.rs`, `process_sse`, read in the search index's stored
//! version: the repository's snapshot is too large to fetch at the 0.169.0
//! tag; `live_codex.rs` proves this stream against the 0.169.0 binary):
//! events are told apart by the `type` in their data; `response.created`;
//! each output item as `response.output_item.added` then
//! `response.output_item.done` (the whole item: a `function_call` with
//! `call_id`, `name` and `arguments` as JSON text, or an assistant
//! `message` of `output_text` parts, its text also streamed as
//! `response.output_text.delta`); and `response.completed` with the
//! response's `id` and `usage` (`input_tokens`, `output_tokens`,
//! `total_tokens`, their `_details`), without which Codex reports "stream
//! closed before response.completed" and retries.
//!
//! A request that offers tools is one of the agent's turns and takes the
//! script's next turn; one without tools (a title, a summary) is a side
//! request, answered with a short text that takes no turn. Any other path
//! is recorded and answered 404 in the API's error shape.

use std::convert::Infallible;
use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::State as Shared;
use axum::http::{Method, StatusCode, Uri, header};
use axum::response::sse::{Event, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use serde_json::{Value, json};
// Through `tackle`: a `serde` of the tests crate's own would be found by
// the compile-error cases (tests/ui), which must not find it.
use tackle::serde::Deserialize;

pub use super::call_id;
use super::{Request, State, Turn};

/// The routes of the API.
pub(crate) fn router(state: Arc<State>) -> Router {
    Router::new()
        .route("/v1/responses", post(responses))
        .route("/responses", post(responses))
        .fallback(unknown)
        .with_state(state)
}

/// What the fake reads of a request.
#[derive(Debug, Default, Deserialize)]
#[serde(crate = "tackle::serde")]
#[serde(default)]
struct ResponsesRequest {
    model: String,
    tools: Vec<Value>,
}

async fn responses(Shared(state): Shared<Arc<State>>, uri: Uri, body: Bytes) -> Response {
    let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let request: ResponsesRequest = serde_json::from_value(body.clone()).unwrap_or_default();
    let (n, answer) = state.take(&uri, body, !request.tools.is_empty());
    stream(events(n, &request.model, answer)).into_response()
}

/// The events of turn `n`'s answer, in order.
fn events(n: usize, model: &str, turn: Turn) -> Vec<Value> {
    let id = format!("resp_fake_{n:02}");
    let created = json!({"id": id, "object": "response", "created_at": 0,
                         "status": "in_progress", "model": model, "output": []});
    let mut events = vec![json!({"type": "response.created", "response": created})];
    let item = match turn {
        Turn::Tool { name, input } => {
            let done = json!({"type": "function_call", "id": format!("fc_fake_{n:02}"),
                              "status": "completed", "call_id": call_id(n), "name": name,
                              "arguments": input.to_string()});
            let mut added = done.clone();
            added["status"] = json!("in_progress");
            added["arguments"] = json!("");
            events.push(json!({"type": "response.output_item.added",
                               "output_index": 0, "item": added}));
            done
        }
        Turn::Say(text) => {
            let item_id = format!("msg_fake_{n:02}");
            let added = json!({"type": "message", "id": item_id, "status": "in_progress",
                               "role": "assistant", "content": []});
            events.push(json!({"type": "response.output_item.added",
                               "output_index": 0, "item": added}));
            events.push(
                json!({"type": "response.output_text.delta", "item_id": item_id,
                               "output_index": 0, "content_index": 0, "delta": text}),
            );
            json!({"type": "message", "id": item_id, "status": "completed",
                   "role": "assistant",
                   "content": [{"type": "output_text", "text": text, "annotations": []}]})
        }
    };
    events.push(
        json!({"type": "response.output_item.done", "output_index": 0,
                       "item": item.clone()}),
    );
    let usage = json!({"input_tokens": 10, "input_tokens_details": {"cached_tokens": 0},
                       "output_tokens": 5, "output_tokens_details": {"reasoning_tokens": 0},
                       "total_tokens": 15});
    let completed = json!({"id": id, "object": "response", "created_at": 0,
                           "status": "completed", "model": model, "output": [item],
                           "usage": usage});
    events.push(json!({"type": "response.completed", "response": completed}));
    for (sequence, event) in events.iter_mut().enumerate() {
        event["sequence_number"] = json!(sequence);
    }
    events
}

/// The events as the API streams them: each named by its `type`.
fn stream(
    events: Vec<Value>,
) -> Sse<impl futures_util::Stream<Item = Result<Event, Infallible>> + use<>> {
    let events = events.into_iter().map(|e| {
        let name = e["type"].as_str().unwrap_or_default().to_owned();
        Ok(Event::default().event(name).data(e.to_string()))
    });
    Sse::new(futures_util::stream::iter(events))
}

async fn unknown(
    Shared(state): Shared<Arc<State>>,
    method: Method,
    uri: Uri,
    body: Bytes,
) -> Response {
    let message = format!("the fake model API has no {method} {uri}");
    state.record(Request {
        method: method.to_string(),
        path: uri.to_string(),
        body: serde_json::from_slice(&body).unwrap_or(Value::Null),
        turn: false,
    });
    let error = json!({"error": {"message": message, "type": "invalid_request_error",
                                 "param": null, "code": "not_found"}});
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "application/json")],
        error.to_string(),
    )
        .into_response()
}

/// A function call's result as the agent sends it back: an item of
/// `type: "function_call_output"` in a later request's `input`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(crate = "tackle::serde")]
pub struct CallOutput {
    /// The id of the model's call (`call_fake_NN` for turn NN).
    pub call_id: String,
    /// A text, or content items (`{"type": "input_text", "text": ...}`).
    #[serde(default)]
    pub output: Value,
}

impl CallOutput {
    /// Its text: the output if it is a string, else its text items. The
    /// API has no error flag: a refusal is told apart by its text.
    pub fn text(&self) -> String {
        match &self.output {
            Value::String(text) => text.clone(),
            Value::Array(items) => items
                .iter()
                .filter_map(|i| i.get("text").and_then(Value::as_str))
                .collect::<Vec<_>>()
                .join("\n"),
            _ => String::new(),
        }
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(crate = "tackle::serde")]
#[serde(default)]
struct Input {
    input: Vec<Value>,
}

/// Every function call output in a request's `input`, oldest first.
pub fn call_outputs(body: &Value) -> Vec<CallOutput> {
    let input: Input = serde_json::from_value(body.clone()).unwrap_or_default();
    input
        .input
        .into_iter()
        .filter(|i| i.get("type").and_then(Value::as_str) == Some("function_call_output"))
        .filter_map(|i| serde_json::from_value(i).ok())
        .collect()
}

/// The output of turn `n`'s function call in a request's `input`.
pub fn call_output(body: &Value, n: usize) -> Option<CallOutput> {
    let id = call_id(n);
    call_outputs(body).into_iter().find(|o| o.call_id == id)
}

/// The texts of a request's `input` (messages' text parts and function
/// call outputs): what the model is shown, to look for added context.
pub fn input_texts(body: &Value) -> Vec<String> {
    let input: Input = serde_json::from_value(body.clone()).unwrap_or_default();
    let mut texts = Vec::new();
    for item in input.input {
        match item.get("type").and_then(Value::as_str) {
            Some("message") => texts.extend(
                item["content"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|p| p.get("text").and_then(Value::as_str))
                    .map(str::to_owned),
            ),
            Some("function_call_output") => {
                if let Ok(output) = serde_json::from_value::<CallOutput>(item) {
                    texts.push(output.text());
                }
            }
            _ => {}
        }
    }
    texts
}
