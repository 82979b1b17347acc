//! Anthropic's Messages API, as Claude Code uses it: `POST /v1/messages`,
//! streamed (server-sent events) or not, and `count_tokens`.
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
use serde_json::Value;
// Through `tackle`: a `serde` of the tests crate's own would be found by
// the compile-error cases (tests/ui), which must not find it.
use tackle::serde::{Deserialize, Serialize};

use super::{Request, State, Turn};

/// The routes of the API.
pub(crate) fn router(state: Arc<State>) -> Router {
    Router::new()
        .route("/v1/messages", post(messages))
        .route("/v1/messages/count_tokens", post(count_tokens))
        .fallback(unknown)
        .with_state(state)
}

/// What the fake reads of a request.
#[derive(Debug, Default, Deserialize)]
#[serde(crate = "tackle::serde")]
#[serde(default)]
struct MessagesRequest {
    model: String,
    stream: bool,
    tools: Vec<Value>,
}

/// A whole answer (`type: "message"`).
#[derive(Debug, Clone, Serialize)]
#[serde(crate = "tackle::serde")]
struct Message {
    id: String,
    #[serde(rename = "type")]
    kind: &'static str,
    role: &'static str,
    model: String,
    content: Vec<ContentBlock>,
    stop_reason: Option<StopReason>,
    stop_sequence: Option<String>,
    usage: Usage,
}

#[derive(Debug, Clone, Serialize)]
#[serde(crate = "tackle::serde")]
#[serde(tag = "type", rename_all = "snake_case")]
enum ContentBlock {
    Text {
        text: String,
    },
    ToolUse {
        id: String,
        name: String,
        input: Value,
    },
}

#[derive(Debug, Clone, Copy, Serialize)]
#[serde(crate = "tackle::serde")]
#[serde(rename_all = "snake_case")]
enum StopReason {
    EndTurn,
    ToolUse,
}

#[derive(Debug, Clone, Copy, Serialize)]
#[serde(crate = "tackle::serde")]
struct Usage {
    input_tokens: u64,
    output_tokens: u64,
}

/// One server-sent event of a streamed answer; its `type` is also the
/// event's name.
#[derive(Debug, Serialize)]
#[serde(crate = "tackle::serde")]
#[serde(tag = "type", rename_all = "snake_case")]
enum StreamEvent {
    MessageStart {
        message: Message,
    },
    ContentBlockStart {
        index: usize,
        content_block: ContentBlock,
    },
    ContentBlockDelta {
        index: usize,
        delta: Delta,
    },
    ContentBlockStop {
        index: usize,
    },
    MessageDelta {
        delta: MessageDelta,
        usage: Usage,
    },
    MessageStop,
}

#[derive(Debug, Serialize)]
#[serde(crate = "tackle::serde")]
#[serde(tag = "type", rename_all = "snake_case")]
enum Delta {
    TextDelta { text: String },
    InputJsonDelta { partial_json: String },
}

#[derive(Debug, Serialize)]
#[serde(crate = "tackle::serde")]
struct MessageDelta {
    stop_reason: StopReason,
    stop_sequence: Option<String>,
}

/// An error answer (`type: "error"`).
#[derive(Debug, Serialize)]
#[serde(crate = "tackle::serde")]
struct ApiError {
    #[serde(rename = "type")]
    kind: &'static str,
    error: ErrorBody,
}

#[derive(Debug, Serialize)]
#[serde(crate = "tackle::serde")]
struct ErrorBody {
    #[serde(rename = "type")]
    kind: &'static str,
    message: String,
}

const USAGE: Usage = Usage {
    input_tokens: 10,
    output_tokens: 5,
};

async fn messages(Shared(state): Shared<Arc<State>>, uri: Uri, body: Bytes) -> Response {
    let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let request: MessagesRequest = serde_json::from_value(body.clone()).unwrap_or_default();
    let (n, answer) = state.take(&uri, body, !request.tools.is_empty());
    let message = message(n, &request.model, answer);
    if request.stream {
        stream(message).into_response()
    } else {
        json(StatusCode::OK, &message)
    }
}

/// The answer of turn `n`.
fn message(n: usize, model: &str, turn: Turn) -> Message {
    let (block, stop) = match turn {
        Turn::Tool { name, input } => (
            ContentBlock::ToolUse {
                id: format!("toolu_fake_{n:02}"),
                name,
                input,
            },
            StopReason::ToolUse,
        ),
        Turn::Say(text) => (ContentBlock::Text { text }, StopReason::EndTurn),
    };
    Message {
        id: format!("msg_fake_{n:02}"),
        kind: "message",
        role: "assistant",
        model: model.to_owned(),
        content: vec![block],
        stop_reason: Some(stop),
        stop_sequence: None,
        usage: USAGE,
    }
}

/// The answer as the API streams it: the message without content, each
/// block started, sent whole as one delta, stopped, then the stop reason.
fn stream(message: Message) -> Sse<impl futures_util::Stream<Item = Result<Event, Infallible>>> {
    let stop = message.stop_reason.unwrap_or(StopReason::EndTurn);
    let mut events = vec![StreamEvent::MessageStart {
        message: Message {
            content: Vec::new(),
            stop_reason: None,
            ..message.clone()
        },
    }];
    for (index, block) in message.content.into_iter().enumerate() {
        let (start, delta) = match block {
            ContentBlock::Text { text } => (
                ContentBlock::Text {
                    text: String::new(),
                },
                Delta::TextDelta { text },
            ),
            ContentBlock::ToolUse { id, name, input } => (
                ContentBlock::ToolUse {
                    id,
                    name,
                    input: Value::Object(serde_json::Map::new()),
                },
                Delta::InputJsonDelta {
                    partial_json: input.to_string(),
                },
            ),
        };
        events.push(StreamEvent::ContentBlockStart {
            index,
            content_block: start,
        });
        events.push(StreamEvent::ContentBlockDelta { index, delta });
        events.push(StreamEvent::ContentBlockStop { index });
    }
    events.push(StreamEvent::MessageDelta {
        delta: MessageDelta {
            stop_reason: stop,
            stop_sequence: None,
        },
        usage: USAGE,
    });
    events.push(StreamEvent::MessageStop);
    Sse::new(futures_util::stream::iter(events.into_iter().map(|e| {
        let data = serde_json::to_value(&e).unwrap_or(Value::Null);
        let name = data["type"].as_str().unwrap_or_default().to_owned();
        Ok(Event::default().event(name).data(data.to_string()))
    })))
}

#[derive(Debug, Serialize)]
#[serde(crate = "tackle::serde")]
struct TokenCount {
    input_tokens: u64,
}

async fn count_tokens(Shared(state): Shared<Arc<State>>, uri: Uri, body: Bytes) -> Response {
    state.record(Request {
        method: Method::POST.to_string(),
        path: uri.to_string(),
        body: serde_json::from_slice(&body).unwrap_or(Value::Null),
        turn: false,
    });
    json(StatusCode::OK, &TokenCount { input_tokens: 10 })
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
        kind: "error",
        error: ErrorBody {
            kind: "not_found_error",
            message,
        },
    };
    json(StatusCode::NOT_FOUND, &error)
}

/// A JSON answer.
fn json(status: StatusCode, body: &impl Serialize) -> Response {
    let text = serde_json::to_string(body).unwrap_or_default();
    (status, [(header::CONTENT_TYPE, "application/json")], text).into_response()
}

/// A tool's result as the agent sends it back to the model.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(crate = "tackle::serde")]
pub struct ToolResult {
    /// The id of the model's call (`toolu_fake_NN` for turn NN).
    pub tool_use_id: String,
    /// A text, or content blocks.
    #[serde(default)]
    pub content: Value,
    /// Whether the call failed or was refused.
    #[serde(default)]
    pub is_error: bool,
}

impl ToolResult {
    /// Its text: the content if it is a string, else its text blocks.
    pub fn text(&self) -> String {
        match &self.content {
            Value::String(text) => text.clone(),
            Value::Array(blocks) => blocks
                .iter()
                .filter_map(|b| b.get("text").and_then(Value::as_str))
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
    messages: Vec<ConversationMessage>,
}

#[derive(Debug, Deserialize)]
#[serde(crate = "tackle::serde")]
struct ConversationMessage {
    #[serde(default)]
    content: Value,
}

/// Every tool result in a request's conversation, oldest first.
pub fn tool_results(body: &Value) -> Vec<ToolResult> {
    let conversation: Conversation = serde_json::from_value(body.clone()).unwrap_or_default();
    conversation
        .messages
        .iter()
        .filter_map(|m| m.content.as_array())
        .flatten()
        .filter(|block| block.get("type").and_then(Value::as_str) == Some("tool_result"))
        .filter_map(|block| serde_json::from_value(block.clone()).ok())
        .collect()
}

/// The result of turn `n`'s tool call in a request's conversation.
pub fn tool_result(body: &Value, n: usize) -> Option<ToolResult> {
    let id = format!("toolu_fake_{n:02}");
    tool_results(body).into_iter().find(|r| r.tool_use_id == id)
}
