//! Faults the fake puts in the way of a request, whatever its API: an
//! error status (a 429 with `Retry-After`, a 503), or a delay before the
//! API answers (for time-outs). A request that meets a status is recorded
//! as a side request and takes no turn of the script.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{Request as HttpRequest, State as Shared};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::Value;
use tackle::serde::Serialize;

use super::{Request, State, lock};

/// What one request meets before the API answers it.
#[derive(Debug, Clone, PartialEq)]
pub enum Fault {
    /// Answered with this status and an error body, with `Retry-After:
    /// SECS` if given.
    Status {
        /// The HTTP status (429, 503, ...).
        status: u16,
        /// The `Retry-After` header, in seconds.
        retry_after: Option<u32>,
    },
    /// Answered by the API after this long.
    Delay(Duration),
}

impl Fault {
    /// A 429 asking the client to wait `secs` seconds.
    pub fn rate_limited(secs: u32) -> Fault {
        Fault::Status {
            status: 429,
            retry_after: Some(secs),
        }
    }
}

/// An error body in the shape the APIs share (`{"error": {...}}`).
#[derive(Debug, Serialize)]
#[serde(crate = "tackle::serde")]
struct ErrorAnswer {
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

/// The middleware: the next fault, if any, then the API.
pub(crate) async fn apply(
    Shared(state): Shared<Arc<State>>,
    request: HttpRequest,
    next: Next,
) -> Response {
    let fault = lock(&state.faults).pop_front();
    match fault {
        None => next.run(request).await,
        Some(Fault::Delay(wait)) => {
            tokio::time::sleep(wait).await;
            next.run(request).await
        }
        Some(Fault::Status {
            status,
            retry_after,
        }) => {
            let method = request.method().to_string();
            let path = request.uri().to_string();
            let body = axum::body::to_bytes(request.into_body(), usize::MAX)
                .await
                .unwrap_or_default();
            state.record(Request {
                method,
                path,
                body: serde_json::from_slice(&body).unwrap_or(Value::Null),
                turn: false,
            });
            let code = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
            let answer = ErrorAnswer {
                kind: "error",
                error: ErrorBody {
                    kind: if status == 429 {
                        "rate_limit_error"
                    } else {
                        "api_error"
                    },
                    message: format!("the fake model answers {status} as scripted"),
                },
            };
            let mut response = Response::builder()
                .status(code)
                .header(header::CONTENT_TYPE, "application/json");
            if let Some(secs) = retry_after {
                response = response.header(header::RETRY_AFTER, secs.to_string());
            }
            response
                .body(Body::from(
                    serde_json::to_string(&answer).unwrap_or_default(),
                ))
                .unwrap_or_else(|_| code.into_response())
        }
    }
}
