//! `POST /hooks/<agent>/<Event>`: agents' `http` hooks (Claude Code's)
//! answered by the server, so that one process holds a whole team's
//! policy and its session state. The event is the body, as the agent
//! writes it to a hook process's stdin; the answer is the agent's JSON
//! reply, as a hook process prints it, read by the one fold and encoder
//! the hook binary uses ([`ServedHooks`]).
//!
//! The route is behind the same gate as `/mcp`: the bearer token (401),
//! the bound on requests in flight (503), the `Host`/`Origin` allow-lists
//! (403), the body cap (413); a body that does not arrive within
//! [`HOOK_BODY_TIMEOUT`] gets 408. A body that is not declared JSON gets 415,
//! so a web page cannot send one without a CORS preflight, which this
//! route never grants.

use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, to_bytes};
use axum::extract::{Path, Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use tackle_host::Host;
use tackle_host::served_hooks::{HookBody, HookCall, ServedAnswer, ServedHooks};

use super::rebinding::AllowLists;
use super::{Gate, refuse};

pub use tackle_host::served_hooks::HOOKS_PATH;

/// How long the route waits for an event's body once its headers came: a
/// client that trickles it (or stops) is answered 408 and frees its slot.
pub const HOOK_BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// What the route shares.
pub(super) struct Hooks {
    pub(super) gate: Arc<Gate>,
    pub(super) allow: AllowLists,
    pub(super) max_body_bytes: usize,
    pub(super) host: Arc<Host>,
    pub(super) served: Arc<dyn ServedHooks>,
}

/// The route's handler.
pub(super) async fn serve(
    State(hooks): State<Arc<Hooks>>,
    Path((agent, event)): Path<(String, String)>,
    request: Request,
) -> Response {
    if let Err(refused) = hooks.gate.check_bearer(request.headers()) {
        return refused.into_response();
    }
    if let Err((status, why)) = hooks.allow.check(request.headers()) {
        return refuse(status, why.to_owned());
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
    if !declares_json(&request) {
        return refuse(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "Unsupported Media Type: the event must be sent as `Content-Type: application/json`"
                .to_owned(),
        );
    }
    let _permit = match hooks.gate.admit() {
        Ok(permit) => permit,
        Err(refused) => return refused.into_response(),
    };
    let reading = to_bytes(request.into_body(), hooks.max_body_bytes);
    let body = match tokio::time::timeout(HOOK_BODY_TIMEOUT, reading).await {
        Ok(Ok(body)) => body.to_vec(),
        Ok(Err(e)) => {
            return refuse(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!(
                    "Payload Too Large: the event is larger than {} bytes, or its body broke off ({e})",
                    hooks.max_body_bytes
                ),
            );
        }
        Err(_) => {
            return refuse(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "Request Timeout: the event's body did not arrive within {} s",
                    HOOK_BODY_TIMEOUT.as_secs()
                ),
            );
        }
    };
    let call = HookCall {
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

/// Whether the body is declared JSON (`application/json`, any parameters).
fn declares_json(request: &Request) -> bool {
    request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"))
}
