//! Google's Gemini API, as Gemini CLI uses it with an API key and
//! `GOOGLE_GEMINI_BASE_URL`: `POST /v1beta/models/{model}:generateContent`,
//! `:streamGenerateContent?alt=sse` (server-sent `data:` chunks, no
//! `[DONE]`) and `:countTokens`.
//!
//! A request that offers functions (`tools[].functionDeclarations`) is one
//! of the agent's turns and takes the script's next turn: a `functionCall`
//! part (with the id `call_fake_NN`) or a text. One without (a check, a
//! summary, a routing decision) is a side request that takes no turn: when
//! it asks for JSON (`generationConfig.responseMimeType:
//! "application/json"`) it is answered with a value of its schema (each
//! enum's first value: the next-speaker check hears `user`), else `OK`.
//! Any other path is recorded and answered 404 in the API's error shape.

use std::convert::Infallible;
use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State as Shared};
use axum::http::{Method, StatusCode, Uri, header};
use axum::response::sse::{Event, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use serde_json::{Map, Value, json};
// Through `tackle`: a `serde` of the tests crate's own would be found by
// the compile-error cases (tests/ui), which must not find it.
use tackle::serde::{Deserialize, Serialize};

pub use super::call_id;
use super::{Request, State, Turn};

/// The routes of the API: `/{version}/models/{model}:{method}`.
pub(crate) fn router(state: Arc<State>) -> Router {
    Router::new()
        .route("/{version}/models/{call}", post(models))
        .fallback(unknown)
        .with_state(state)
}

/// What the fake reads of a `generateContent` request.
#[derive(Debug, Default, Deserialize)]
#[serde(crate = "tackle::serde")]
#[serde(default, rename_all = "camelCase")]
struct GenerateRequest {
    tools: Vec<Tool>,
    generation_config: GenerationConfig,
}

#[derive(Debug, Default, Deserialize)]
#[serde(crate = "tackle::serde")]
#[serde(default, rename_all = "camelCase")]
struct Tool {
    function_declarations: Vec<Value>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(crate = "tackle::serde")]
#[serde(default, rename_all = "camelCase")]
struct GenerationConfig {
    response_mime_type: Option<String>,
    /// The schema in the OpenAPI subset (`type: "OBJECT"`).
    response_schema: Option<Value>,
    /// The schema as JSON Schema.
    response_json_schema: Option<Value>,
}

/// An answer (`GenerateContentResponse`), whole or one streamed chunk.
#[derive(Debug, Clone, Serialize)]
#[serde(crate = "tackle::serde")]
#[serde(rename_all = "camelCase")]
struct GenerateResponse {
    candidates: Vec<Candidate>,
    usage_metadata: Usage,
    model_version: String,
    response_id: String,
}

#[derive(Debug, Clone, Serialize)]
#[serde(crate = "tackle::serde")]
#[serde(rename_all = "camelCase")]
struct Candidate {
    content: Content,
    /// Only in the last chunk of a streamed answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    finish_reason: Option<&'static str>,
    index: usize,
}

#[derive(Debug, Clone, Serialize)]
#[serde(crate = "tackle::serde")]
struct Content {
    role: &'static str,
    parts: Vec<Part>,
}

/// A text part or a function call part.
#[derive(Debug, Clone, Default, Serialize)]
#[serde(crate = "tackle::serde")]
#[serde(rename_all = "camelCase")]
struct Part {
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    function_call: Option<FunctionCall>,
}

impl Part {
    fn text(text: String) -> Part {
        Part {
            text: Some(text),
            function_call: None,
        }
    }
}

#[derive(Debug, Clone, Serialize)]
#[serde(crate = "tackle::serde")]
struct FunctionCall {
    id: String,
    name: String,
    args: Value,
}

#[derive(Debug, Clone, Copy, Serialize)]
#[serde(crate = "tackle::serde")]
#[serde(rename_all = "camelCase")]
struct Usage {
    prompt_token_count: u64,
    candidates_token_count: u64,
    total_token_count: u64,
}

const USAGE: Usage = Usage {
    prompt_token_count: 10,
    candidates_token_count: 5,
    total_token_count: 15,
};

/// `/{version}/models/{model}:{method}`.
async fn models(
    Shared(state): Shared<Arc<State>>,
    Path((version, call)): Path<(String, String)>,
    uri: Uri,
    body: Bytes,
) -> Response {
    let Some((model, method)) = call.split_once(':') else {
        return unknown(Shared(state), Method::POST, uri, body).await;
    };
    let stream = match method {
        "generateContent" => false,
        "streamGenerateContent" => true,
        "countTokens" => {
            state.record(Request {
                method: Method::POST.to_string(),
                path: uri.to_string(),
                body: serde_json::from_slice(&body).unwrap_or(Value::Null),
                turn: false,
            });
            return reply(StatusCode::OK, &json!({"totalTokens": 10}));
        }
        _ => return unknown(Shared(state), Method::POST, uri, body).await,
    };
    let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let request: GenerateRequest = serde_json::from_value(body.clone()).unwrap_or_default();
    let turn = request
        .tools
        .iter()
        .any(|t| !t.function_declarations.is_empty());
    state.record(Request {
        method: Method::POST.to_string(),
        path: uri.to_string(),
        body,
        turn,
    });
    let (n, parts) = if turn {
        let (n, turn) = state.next_turn();
        (n, parts(n, turn))
    } else {
        (0, vec![side_answer(&request.generation_config)])
    };
    let answer = GenerateResponse {
        candidates: vec![Candidate {
            content: Content {
                role: "model",
                parts,
            },
            finish_reason: Some("STOP"),
            index: 0,
        }],
        usage_metadata: USAGE,
        model_version: model.to_owned(),
        response_id: format!("fake-{version}-{n:02}"),
    };
    if stream {
        self::stream(answer).into_response()
    } else {
        reply(StatusCode::OK, &answer)
    }
}

/// The parts of turn `n`.
fn parts(n: usize, turn: Turn) -> Vec<Part> {
    match turn {
        Turn::Tool { name, input } => vec![Part {
            text: None,
            function_call: Some(FunctionCall {
                id: call_id(n),
                name,
                args: input,
            }),
        }],
        Turn::Say(text) => vec![Part::text(text)],
    }
}

/// A side request's answer: a value of the schema it asks for, or `OK`.
fn side_answer(config: &GenerationConfig) -> Part {
    let json = config
        .response_mime_type
        .as_deref()
        .is_some_and(|m| m == "application/json");
    let schema = config
        .response_json_schema
        .as_ref()
        .or(config.response_schema.as_ref());
    let text = match (json, schema) {
        (true, Some(schema)) => example(schema).to_string(),
        (true, None) => "{}".to_owned(),
        (false, _) => "OK".to_owned(),
    };
    Part::text(text)
}

/// A value of `schema` (JSON Schema, or the API's `type: "OBJECT"`
/// subset): every property, each enum's first value, `OK` for a string.
fn example(schema: &Value) -> Value {
    if let Some(first) = schema
        .get("enum")
        .and_then(Value::as_array)
        .and_then(|e| e.first())
    {
        return first.clone();
    }
    let kind = schema
        .get("type")
        .and_then(Value::as_str)
        .unwrap_or("object")
        .to_ascii_lowercase();
    match kind.as_str() {
        "object" => {
            let properties = schema.get("properties").and_then(Value::as_object);
            let map: Map<String, Value> = properties
                .into_iter()
                .flatten()
                .map(|(k, v)| (k.clone(), example(v)))
                .collect();
            Value::Object(map)
        }
        "array" => json!([]),
        "string" => json!("OK"),
        "integer" | "number" => json!(0),
        "boolean" => json!(false),
        _ => Value::Null,
    }
}

/// The answer as the API streams it with `alt=sse`: one `data:` chunk per
/// part, the finish reason in the last; no closing marker.
fn stream(
    answer: GenerateResponse,
) -> Sse<impl futures_util::Stream<Item = Result<Event, Infallible>> + use<>> {
    let candidate = answer.candidates[0].clone();
    let count = candidate.content.parts.len();
    let chunks: Vec<GenerateResponse> = candidate
        .content
        .parts
        .iter()
        .enumerate()
        .map(|(i, part)| GenerateResponse {
            candidates: vec![Candidate {
                content: Content {
                    role: "model",
                    parts: vec![part.clone()],
                },
                finish_reason: (i + 1 == count).then_some("STOP"),
                index: 0,
            }],
            ..answer.clone()
        })
        .collect();
    let events = chunks
        .into_iter()
        .map(|c| Ok(Event::default().data(serde_json::to_string(&c).unwrap_or_default())));
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
    let error = json!({"error": {"code": 404, "message": message, "status": "NOT_FOUND"}});
    reply(StatusCode::NOT_FOUND, &error)
}

/// A JSON answer.
fn reply(status: StatusCode, body: &impl Serialize) -> Response {
    let text = serde_json::to_string(body).unwrap_or_default();
    (status, [(header::CONTENT_TYPE, "application/json")], text).into_response()
}

/// A function's result as the agent sends it back to the model: a
/// `functionResponse` part in a later request's `contents`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(crate = "tackle::serde")]
pub struct FunctionResponse {
    /// The id of the model's call (`call_fake_NN` for turn NN), when the
    /// agent sends it back.
    #[serde(default)]
    pub id: Option<String>,
    /// The function.
    pub name: String,
    /// What it gave: Gemini CLI sends `{"output": TEXT}`, or
    /// `{"error": TEXT}` for a call that failed or was refused.
    #[serde(default)]
    pub response: Value,
}

impl FunctionResponse {
    /// Its text: `response.output`, else `response.error`.
    pub fn text(&self) -> String {
        ["output", "error"]
            .iter()
            .find_map(|k| self.response.get(k).and_then(Value::as_str))
            .unwrap_or_default()
            .to_owned()
    }

    /// Whether the agent sent it as an error (`response.error`).
    pub fn is_error(&self) -> bool {
        self.response.get("error").is_some()
    }
}

/// Every function response in a request's `contents`, oldest first.
pub fn function_responses(body: &Value) -> Vec<FunctionResponse> {
    body.get("contents")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|c| c.get("parts").and_then(Value::as_array))
        .flatten()
        .filter_map(|p| p.get("functionResponse"))
        .filter_map(|r| serde_json::from_value(r.clone()).ok())
        .collect()
}

/// The response to turn `n`'s function call in a request's `contents`.
pub fn function_response(body: &Value, n: usize) -> Option<FunctionResponse> {
    let id = call_id(n);
    function_responses(body)
        .into_iter()
        .find(|r| r.id.as_deref() == Some(id.as_str()))
}
