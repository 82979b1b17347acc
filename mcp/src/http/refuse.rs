//! A plain-text refusal, as the gate, the body reader and the hooks route
//! answer a request they turn away, and the hint to retry soon that a
//! refusal for want of room carries.

use axum::http::{HeaderValue, StatusCode, header};
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

/// `response` with `Retry-After: 1`: a refusal for want of room, which a
/// retry may find.
pub(super) fn retry_soon(mut response: Response) -> Response {
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    response
}
