//! `POST /hooks/<agent>/<Event>`: agents' `http` hooks (Claude Code's)
//! answered by the server, so that one process holds a whole team's
//! policy and its session state. The event is the body, as the agent
//! writes it to a hook process's stdin; the answer is the agent's JSON
//! reply, as a hook process prints it, read by the one fold and encoder
//! the hook binary uses ([`ServedHooks`]).
//!
//! The route is behind the same gate as `/mcp`: the bearer token (401)
//! and the `Host`/`Origin` allow-lists (403), checked on the headers; the
//! body's bounds (413, 408, 429); the bound on requests in flight (503),
//! taken once the body is in. A body that is not declared JSON gets 415,
//! so a web page cannot send one without a CORS preflight, which this
//! route never grants.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Path, Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use tackle_host::Host;
use tackle_host::served_hooks::{HookBody, ServedAnswer, ServedEvent, ServedHooks};

use super::front::declares_json;
use super::gate::Gate;
use super::peers::Peer;
use super::refuse::refuse;

pub use tackle_host::served_hooks::HOOKS_PATH;

/// What the route shares.
pub(super) struct Hooks {
    pub(super) gate: Arc<Gate>,
    pub(super) host: Arc<Host>,
    pub(super) served: Arc<dyn ServedHooks>,
}

/// The route's handler.
pub(super) async fn serve(
    State(hooks): State<Arc<Hooks>>,
    Path((agent, event)): Path<(String, String)>,
    request: Request,
) -> Response {
    if let Err(refused) = hooks.gate.check(request.headers()) {
        return refused.into_response();
    }
    if request.method() != Method::POST {
        let mut response = refuse(
            StatusCode::METHOD_NOT_ALLOWED,
            "Method Not Allowed: agents POST their hook events here".to_owned(),
        );
        response
            .headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("POST"));
        return response;
    }
    if !declares_json(request.headers()) {
        return refuse(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "Unsupported Media Type: the event must be sent as `Content-Type: application/json`"
                .to_owned(),
        );
    }
    let peer = request
        .extensions()
        .get::<Peer>()
        .copied()
        .unwrap_or(Peer::UNKNOWN);
    let body = match hooks.gate.body.read(request.into_body(), peer).await {
        Ok(body) => body.to_vec(),
        Err(refused) => return refused.into_response(),
    };
    let _permit = match hooks.gate.admit() {
        Ok(permit) => permit,
        Err(refused) => return refused.into_response(),
    };
    let call = ServedEvent {
        agent,
        event,
        body: HookBody::Json(body),
    };
    match hooks.served.answer(hooks.host.clone(), call).await {
        ServedAnswer::Reply { json, notes } => {
            for note in notes {
                tracing::warn!(target: "tackle::hooks", "{note}");
            }
            (
                StatusCode::OK,
                [(header::CONTENT_TYPE, "application/json")],
                Body::from(json),
            )
                .into_response()
        }
        ServedAnswer::Unknown(message) => refuse(StatusCode::NOT_FOUND, message),
        ServedAnswer::Failed(message) => refuse(StatusCode::INTERNAL_SERVER_ERROR, message),
    }
}
