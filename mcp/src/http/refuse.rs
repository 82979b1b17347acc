//! A plain-text refusal, as the gate, the body reader and the hooks route
//! answer a request they turn away.

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

/// A plain-text refusal.
pub(super) fn refuse(status: StatusCode, text: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        text,
    )
        .into_response()
}
