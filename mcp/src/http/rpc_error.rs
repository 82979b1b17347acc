//! The JSON-RPC errors `/mcp` answers itself, where rmcp would answer a
//! bare `415` in text: a body that is not JSON (`-32700`), JSON that is
//! not one JSON-RPC message (`-32600`), a body not declared
//! `application/json`, and a new session past the cap. Each is a JSON-RPC
//! error object with the HTTP status the Streamable HTTP transport asks
//! for (400 for input the server cannot accept), so a client reads it as
//! it reads any error. Its `id` is the request's when the body has a
//! usable one, `null` otherwise (JSON-RPC 2.0: "If there was an error in
//! detecting the id ... it MUST be Null").

use axum::body::Body;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::Response;
use rmcp::model::{ErrorCode, ErrorData, JsonRpcVersion2_0, RequestId};
use serde::Serialize;
use serde::de::IgnoredAny;

/// A JSON-RPC error response, with `id` written even when `null` (rmcp's
/// own `JsonRpcError` leaves it out then).
#[derive(Debug, Serialize)]
struct ErrorMessage<'a> {
    jsonrpc: JsonRpcVersion2_0,
    id: Option<&'a RequestId>,
    error: ErrorData,
}

/// `error` for the request `id`, with `status`.
pub(super) fn answer(status: StatusCode, id: Option<&RequestId>, error: ErrorData) -> Response {
    let message = ErrorMessage {
        jsonrpc: JsonRpcVersion2_0,
        id,
        error,
    };
    // An `ErrorData` of ours always serializes; were it not to, the status
    // still says what happened.
    let body = serde_json::to_vec(&message).unwrap_or_default();
    let mut response = Response::new(Body::from(body));
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

/// 400 for a body that is not one JSON-RPC message: `-32700` when it is
/// not JSON (with where it stops being JSON), `-32600` when it is.
pub(super) fn malformed(body: &[u8]) -> Response {
    if let Err(e) = serde_json::from_slice::<IgnoredAny>(body) {
        return answer(
            StatusCode::BAD_REQUEST,
            None,
            ErrorData::parse_error(format!("Parse error: the body is not JSON ({e})"), None),
        );
    }
    let object = serde_json::from_slice::<serde_json::Map<String, serde_json::Value>>(body).ok();
    let why = match &object {
        None if body.trim_ascii_start().starts_with(b"[") => {
            "Invalid Request: a batch (a JSON array) is not part of MCP; send one message per POST"
        }
        None => "Invalid Request: the body is JSON but not a JSON-RPC message (an object)",
        Some(_) => {
            "Invalid Request: the body is not a JSON-RPC 2.0 request, notification or response this server reads (`jsonrpc: \"2.0\"`, a `method` with its `params`, or a `result` or `error` with an `id`)"
        }
    };
    let id = object
        .as_ref()
        .and_then(|o| o.get("id"))
        .and_then(request_id);
    answer(
        StatusCode::BAD_REQUEST,
        id.as_ref(),
        ErrorData::invalid_request(why, None),
    )
}

/// 415 for a POST whose body is not declared `application/json`.
pub(super) fn not_declared_json() -> Response {
    answer(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        None,
        ErrorData::invalid_request(
            "Unsupported Media Type: a message must be sent as `Content-Type: application/json`",
            None,
        ),
    )
}

/// 503 for an `initialize` past the cap on sessions, every one busy.
pub(super) fn sessions_full(id: Option<&RequestId>, max: usize) -> Response {
    super::refuse::retry_soon(answer(
        StatusCode::SERVICE_UNAVAILABLE,
        id,
        ErrorData::new(
            // JSON-RPC's range for a server's own errors.
            ErrorCode(-32000),
            format!(
                "Service Unavailable: the server holds {max} sessions, the most it takes, each with a call or stream open; retry when one ends"
            ),
            None,
        ),
    ))
}

/// A request id read from a JSON value, when it is one (a number or a
/// string).
fn request_id(value: &serde_json::Value) -> Option<RequestId> {
    match value {
        serde_json::Value::Number(_) | serde_json::Value::String(_) => {
            serde::Deserialize::deserialize(value).ok()
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;

    async fn read(response: Response) -> (StatusCode, Value) {
        let status = response.status();
        let body = http_body_util::BodyExt::collect(response.into_body())
            .await
            .expect("a body")
            .to_bytes();
        (status, serde_json::from_slice(&body).expect("JSON"))
    }

    #[tokio::test]
    async fn not_json_is_a_parse_error_with_a_null_id() {
        let (status, body) = read(malformed(b"{\"jsonrpc\": \"2.0\", ")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(body["jsonrpc"], "2.0");
        assert!(body.as_object().is_some_and(|o| o.contains_key("id")));
        assert_eq!(body["id"], Value::Null);
        assert_eq!(body["error"]["code"], -32700);
        assert!(
            body["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("line 1 column")),
            "{body}"
        );
    }

    #[tokio::test]
    async fn json_that_is_not_a_message_is_an_invalid_request_with_its_id_if_usable() {
        for (input, id) in [
            (&b"{\"id\": 7, \"method\": 3}"[..], Value::from(7)),
            (b"{\"id\": \"a\", \"jsonrpc\": \"1.0\"}", Value::from("a")),
            (b"{\"id\": {\"x\": 1}}", Value::Null),
            (
                b"[{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ping\"}]",
                Value::Null,
            ),
            (b"42", Value::Null),
        ] {
            let (status, body) = read(malformed(input)).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
            assert_eq!(body["error"]["code"], -32600, "{body}");
            assert_eq!(body["id"], id, "{body}");
        }
    }
}
