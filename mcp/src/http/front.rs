//! `/mcp`: the gate, then rmcp's service, in one handler. rmcp's service
//! is shared and called by reference: as a tower service each layer in
//! front of it would clone it (its config, with the allow-lists) for
//! every request.
//!
//! A POST is taken whole before rmcp sees it: checked on its headers,
//! its body read under the body's bounds ([`BodyLimits`](super::body)),
//! and only then given a slot in flight. rmcp then reads the body from
//! memory. GET and DELETE carry no body: none is read.

use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use http_body_util::BodyExt;
use rmcp::model::RequestId;
use rmcp::transport::streamable_http_server::StreamableHttpService;
use rmcp::transport::streamable_http_server::session::SessionManager;
use serde::Deserialize;

use super::gate::Gate;
use super::peers::Peer;
use super::rpc_error;
use super::sessions::Sessions;
use crate::handler::Handler;

/// The header a session's requests carry.
const SESSION_ID: &str = "mcp-session-id";

/// What `/mcp` shares.
pub(super) struct Front<M> {
    pub(super) gate: Arc<Gate>,
    pub(super) mcp: StreamableHttpService<Handler, M>,
    /// The sessions, when the server keeps them (not `--stateless`).
    pub(super) sessions: Option<Arc<Sessions>>,
}

/// The route's handler.
pub(super) async fn serve<M: SessionManager>(
    State(front): State<Arc<Front<M>>>,
    request: Request,
) -> Response {
    if let Err(refused) = front.gate.check(request.headers()) {
        return refused.into_response();
    }
    let peer = request
        .extensions()
        .get::<Peer>()
        .copied()
        .unwrap_or(Peer::UNKNOWN);
    let (parts, body) = request.into_parts();
    if parts.method == Method::POST {
        return post(&front, parts, body, peer).await;
    }
    let permit = match front.gate.admit() {
        Ok(permit) => permit,
        Err(refused) => return refused.into_response(),
    };
    // A GET (a session's standing stream of notifications) holds its slot
    // only for its head, so open sessions do not use the bound up.
    let response = front
        .mcp
        .handle(Request::from_parts(parts, Body::empty()))
        .await;
    drop(permit);
    response.map(Body::new)
}

async fn post<M: SessionManager>(
    front: &Front<M>,
    parts: axum::http::request::Parts,
    body: Body,
    peer: Peer,
) -> Response {
    if !declares_json(&parts.headers) {
        return rpc_error::not_declared_json();
    }
    let body = match front.gate.body.read(body, peer).await {
        Ok(body) => body,
        Err(refused) => return refused.into_response(),
    };
    let permit = match front.gate.admit() {
        Ok(permit) => permit,
        Err(refused) => return refused.into_response(),
    };
    if let Some(sessions) = &front.sessions
        && !parts.headers.contains_key(SESSION_ID)
        && sessions.refuses_new()
        && let Some(id) = initialize(&body)
    {
        return rpc_error::sessions_full(id.as_ref(), sessions.max());
    }
    let request = Request::from_parts(parts, Body::from(body.clone()));
    let (parts, answer) = front.mcp.handle(request).await.into_parts();
    // The Content-Type was checked above: rmcp's 415 now means the body
    // did not read as a JSON-RPC message.
    if parts.status == StatusCode::UNSUPPORTED_MEDIA_TYPE {
        return rpc_error::malformed(&body);
    }
    // The permit lives in the closure, dropped with the body: a call holds
    // its slot until its answer is sent.
    let answer = answer.map_frame(move |frame| {
        let _held = &permit;
        frame
    });
    Response::from_parts(parts, Body::new(answer))
}

/// Whether the body is declared JSON (`application/json`, any parameters).
pub(super) fn declares_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"))
}

/// The part of a message that says whether it opens a session.
#[derive(Deserialize)]
struct Opening {
    #[serde(default)]
    id: Option<RequestId>,
    #[serde(default)]
    method: Option<String>,
}

/// `Some(its id)` when `body` is an `initialize` request.
fn initialize(body: &Bytes) -> Option<Option<RequestId>> {
    let opening: Opening = serde_json::from_slice(body).ok()?;
    (opening.method.as_deref() == Some("initialize")).then_some(opening.id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_an_initialize_request_opens_a_session() {
        let id = initialize(&Bytes::from_static(
            br#"{"jsonrpc":"2.0","id":"x","method":"initialize","params":{}}"#,
        ));
        assert_eq!(id, Some(Some(RequestId::String("x".into()))));
        for other in [
            &br#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#[..],
            br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            b"not json",
        ] {
            assert_eq!(initialize(&Bytes::from_static(other)), None);
        }
    }

    #[test]
    fn json_is_declared_with_any_parameters_and_nothing_else_is() {
        let mut headers = HeaderMap::new();
        assert!(!declares_json(&headers));
        for (value, json) in [
            ("application/json", true),
            ("Application/JSON; charset=utf-8", true),
            ("text/plain", false),
            ("application/jsonx", false),
        ] {
            headers.insert(header::CONTENT_TYPE, value.parse().expect("a header value"));
            assert_eq!(declares_json(&headers), json, "{value}");
        }
    }
}
