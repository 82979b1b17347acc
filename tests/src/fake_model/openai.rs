//! OpenAI's Chat Completions API, as OpenAI-compatible agents use it (Qwen
//! Code with `OPENAI_BASE_URL`): `POST /v1/chat/completions` (and
//! `/chat/completions`, for a base URL without `/v1`), streamed
//! (server-sent `data:` chunks, then `data: [DONE]`) or not.
//!
//! A request that offers tools is one of the agent's turns and takes the
//! script's next turn; one without tools (a title, a check) is a side
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
use serde_json::Value;
// Through `tackle`: a `serde` of the tests crate's own would be found by
// the compile-error cases (tests/ui), which must not find it.
use tackle::serde::{Deserialize, Serialize};

pub use super::call_id;
use super::{Request, State, Turn};

/// The routes of the API.
pub(crate) fn router(state: Arc<State>) -> Router {
    Router::new()
        .route("/v1/chat/completions", post(completions))
        .route("/chat/completions", post(completions))
        .fallback(unknown)
        .with_state(state)
}

/// What the fake reads of a request.
#[derive(Debug, Default, Deserialize)]
#[serde(crate = "tackle::serde")]
#[serde(default)]
struct CompletionRequest {
    model: String,
    stream: bool,
    stream_options: Option<StreamOptions>,
    tools: Vec<Value>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(crate = "tackle::serde")]
#[serde(default)]
struct StreamOptions {
    include_usage: bool,
}

/// A whole answer (`object: "chat.completion"`).
#[derive(Debug, Serialize)]
#[serde(crate = "tackle::serde")]
struct Completion {
    id: String,
    object: &'static str,
    created: u64,
    model: String,
    choices: Vec<Choice>,
    usage: Usage,
}

#[derive(Debug, Serialize)]
#[serde(crate = "tackle::serde")]
struct Choice {
    index: usize,
    message: Message,
    finish_reason: FinishReason,
}

/// The assistant's message: a text, or tool calls (and no text).
#[derive(Debug, Clone, Serialize)]
#[serde(crate = "tackle::serde")]
struct Message {
    role: &'static str,
    content: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    tool_calls: Vec<ToolCall>,
}

#[derive(Debug, Clone, Serialize)]
#[serde(crate = "tackle::serde")]
struct ToolCall {
    id: String,
    #[serde(rename = "type")]
    kind: &'static str,
    function: Function,
}

#[derive(Debug, Clone, Serialize)]
#[serde(crate = "tackle::serde")]
struct Function {
    name: String,
    /// The input as JSON text, as the API sends it.
    arguments: String,
}

#[derive(Debug, Clone, Copy, Serialize)]
#[serde(crate = "tackle::serde")]
#[serde(rename_all = "snake_case")]
enum FinishReason {
    Stop,
    ToolCalls,
}

#[derive(Debug, Clone, Copy, Serialize)]
#[serde(crate = "tackle::serde")]
struct Usage {
    prompt_tokens: u64,
    completion_tokens: u64,
    total_tokens: u64,
}

/// One streamed chunk (`object: "chat.completion.chunk"`).
#[derive(Debug, Serialize)]
#[serde(crate = "tackle::serde")]
struct Chunk {
    id: String,
    object: &'static str,
    created: u64,
    model: String,
    choices: Vec<ChunkChoice>,
    /// Present (`null` but in the last chunk) only when the request asked
    /// for usage (`stream_options.include_usage`), as the API does.
    #[serde(skip_serializing_if = "Option::is_none")]
    usage: Option<Option<Usage>>,
}

#[derive(Debug, Serialize)]
#[serde(crate = "tackle::serde")]
struct ChunkChoice {
    index: usize,
    delta: Delta,
    finish_reason: Option<FinishReason>,
}

#[derive(Debug, Default, Serialize)]
#[serde(crate = "tackle::serde")]
struct Delta {
    #[serde(skip_serializing_if = "Option::is_none")]
    role: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    content: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    tool_calls: Vec<ToolCallDelta>,
}

/// A piece of a tool call: the first names it (`id`, `type`, `name`), the
/// next carry its arguments' text.
#[derive(Debug, Serialize)]
#[serde(crate = "tackle::serde")]
struct ToolCallDelta {
    index: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<String>,
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    kind: Option<&'static str>,
    function: FunctionDelta,
}

#[derive(Debug, Serialize)]
#[serde(crate = "tackle::serde")]
struct FunctionDelta {
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    arguments: String,
}

/// An error answer.
#[derive(Debug, Serialize)]
#[serde(crate = "tackle::serde")]
struct ApiError {
    error: ErrorBody,
}

#[derive(Debug, Serialize)]
#[serde(crate = "tackle::serde")]
struct ErrorBody {
    message: String,
    #[serde(rename = "type")]
    kind: &'static str,
    param: Option<String>,
    code: Option<String>,
}

const USAGE: Usage = Usage {
    prompt_tokens: 10,
    completion_tokens: 5,
    total_tokens: 15,
};

async fn completions(Shared(state): Shared<Arc<State>>, uri: Uri, body: Bytes) -> Response {
    let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let request: CompletionRequest = serde_json::from_value(body.clone()).unwrap_or_default();
    let (n, answer) = state.take(&uri, body, !request.tools.is_empty());
    let (message, finish) = message(n, answer);
    let id = format!("chatcmpl-fake-{n:02}");
    if request.stream {
        let usage = request.stream_options.is_some_and(|o| o.include_usage);
        stream(id, &request.model, message, finish, usage).into_response()
    } else {
        let completion = Completion {
            id,
            object: "chat.completion",
            created: 0,
            model: request.model,
            choices: vec![Choice {
                index: 0,
                message,
                finish_reason: finish,
            }],
            usage: USAGE,
        };
        json(StatusCode::OK, &completion)
    }
}

/// The answer of turn `n`.
fn message(n: usize, turn: Turn) -> (Message, FinishReason) {
    match turn {
        Turn::Tool { name, input } => (
            Message {
                role: "assistant",
                content: None,
                tool_calls: vec![ToolCall {
                    id: call_id(n),
                    kind: "function",
                    function: Function {
                        name,
                        arguments: input.to_string(),
                    },
                }],
            },
            FinishReason::ToolCalls,
        ),
        Turn::Say(text) => (
            Message {
                role: "assistant",
                content: Some(text),
                tool_calls: Vec::new(),
            },
            FinishReason::Stop,
        ),
    }
}

/// The answer as the API streams it: a chunk with the role and the text
/// (or a tool call's id and name), one with each call's arguments, one
/// with the finish reason, the usage when asked for, then `[DONE]`.
fn stream(
    id: String,
    model: &str,
    message: Message,
    finish: FinishReason,
    usage: bool,
) -> Sse<impl futures_util::Stream<Item = Result<Event, Infallible>> + use<>> {
    let chunk = |choices: Vec<ChunkChoice>, last_usage: Option<Usage>| Chunk {
        id: id.clone(),
        object: "chat.completion.chunk",
        created: 0,
        model: model.to_owned(),
        choices,
        usage: usage.then_some(last_usage),
    };
    let choice = |delta: Delta, finish_reason: Option<FinishReason>| ChunkChoice {
        index: 0,
        delta,
        finish_reason,
    };
    let mut chunks = vec![chunk(
        vec![choice(
            Delta {
                role: Some(message.role),
                content: message.content.clone(),
                tool_calls: message
                    .tool_calls
                    .iter()
                    .enumerate()
                    .map(|(index, call)| ToolCallDelta {
                        index,
                        id: Some(call.id.clone()),
                        kind: Some(call.kind),
                        function: FunctionDelta {
                            name: Some(call.function.name.clone()),
                            arguments: String::new(),
                        },
                    })
                    .collect(),
            },
            None,
        )],
        None,
    )];
    for (index, call) in message.tool_calls.into_iter().enumerate() {
        let delta = Delta {
            tool_calls: vec![ToolCallDelta {
                index,
                id: None,
                kind: None,
                function: FunctionDelta {
                    name: None,
                    arguments: call.function.arguments,
                },
            }],
            ..Delta::default()
        };
        chunks.push(chunk(vec![choice(delta, None)], None));
    }
    chunks.push(chunk(vec![choice(Delta::default(), Some(finish))], None));
    if usage {
        chunks.push(chunk(Vec::new(), Some(USAGE)));
    }
    let events = chunks
        .into_iter()
        .map(|c| serde_json::to_string(&c).unwrap_or_default())
        .chain(std::iter::once("[DONE]".to_owned()))
        .map(|data| Ok(Event::default().data(data)));
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
    let error = ApiError {
        error: ErrorBody {
            message,
            kind: "invalid_request_error",
            param: None,
            code: Some("not_found".to_owned()),
        },
    };
    json(StatusCode::NOT_FOUND, &error)
}

/// A JSON answer.
fn json(status: StatusCode, body: &impl Serialize) -> Response {
    let text = serde_json::to_string(body).unwrap_or_default();
    (status, [(header::CONTENT_TYPE, "application/json")], text).into_response()
}

/// A tool's result as the agent sends it back to the model: a message
/// with `role: "tool"`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(crate = "tackle::serde")]
pub struct ToolResult {
    /// The id of the model's call (`call_fake_NN` for turn NN).
    pub tool_call_id: String,
    /// A text, or content parts (`{"type": "text", "text": ...}`).
    #[serde(default)]
    pub content: Value,
}

impl ToolResult {
    /// Its text: the content if it is a string, else its text parts. The
    /// API has no error flag: a refusal is told apart by its text.
    pub fn text(&self) -> String {
        match &self.content {
            Value::String(text) => text.clone(),
            Value::Array(parts) => parts
                .iter()
                .filter_map(|p| p.get("text").and_then(Value::as_str))
                .collect::<Vec<_>>()
                .join("\n"),
            _ => String::new(),
        }
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(crate = "tackle::serde")]
#[serde(default)]
struct Conversation {
    messages: Vec<Value>,
}

/// Every tool result in a request's conversation, oldest first.
pub fn tool_results(body: &Value) -> Vec<ToolResult> {
    let conversation: Conversation = serde_json::from_value(body.clone()).unwrap_or_default();
    conversation
        .messages
        .into_iter()
        .filter(|m| m.get("role").and_then(Value::as_str) == Some("tool"))
        .filter_map(|m| serde_json::from_value(m).ok())
        .collect()
}

/// The result of turn `n`'s tool call in a request's conversation.
pub fn tool_result(body: &Value, n: usize) -> Option<ToolResult> {
    let id = call_id(n);
    tool_results(body)
        .into_iter()
        .find(|r| r.tool_call_id == id)
}
