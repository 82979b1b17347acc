//! What every route checks on a request's headers, before one byte of its
//! body is read: the bearer token (401) and the `Host`/`Origin`
//! allow-lists (403); and the bound on requests in flight (503), taken
//! once a request is complete.

use std::sync::Arc;

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio_util::sync::CancellationToken;

use super::body::BodyLimits;
use super::rebinding::AllowLists;
use super::refuse::{refuse, retry_soon};
use crate::protected_resource::ProtectedResource;

/// What the routes share.
#[derive(Debug)]
pub(super) struct Gate {
    /// The SHA-256 of the token: compared digest to digest, in constant
    /// time, so neither the token's bytes nor its length leak by timing.
    pub(super) bearer: Option<[u8; 32]>,
    /// What a 401 points to, when authorization servers are configured.
    pub(super) protected: Option<ProtectedResource>,
    pub(super) allow: AllowLists,
    pub(super) in_flight: Arc<Semaphore>,
    pub(super) max_in_flight: usize,
    /// How bodies are read.
    pub(super) body: BodyLimits,
    /// Set once shutdown begins: new requests get 503.
    pub(super) stopping: CancellationToken,
}

pub(super) fn digest(bytes: &[u8]) -> [u8; 32] {
    hmac_sha256::Hash::hash(bytes)
}

/// Equal, in a time that does not depend on where they differ.
pub(super) fn same(a: &[u8; 32], b: &[u8; 32]) -> bool {
    let diff = a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y));
    std::hint::black_box(diff) == 0
}

/// Why the gate turned a request away; answered as its status and text.
#[derive(Debug)]
pub(super) enum Refused {
    /// 401: no bearer token, or the wrong one; with the challenge to send.
    Unauthorized {
        why: &'static str,
        challenge: HeaderValue,
    },
    /// 400 or 403: the `Host` or `Origin` is not let in.
    NotAllowed(StatusCode, &'static str),
    /// 503: shutdown has begun.
    Stopping,
    /// 503: this many requests are in flight already.
    Full(usize),
}

impl IntoResponse for Refused {
    fn into_response(self) -> Response {
        match self {
            Refused::Unauthorized { why, challenge } => {
                let mut response = refuse(StatusCode::UNAUTHORIZED, why.to_owned());
                response
                    .headers_mut()
                    .insert(header::WWW_AUTHENTICATE, challenge);
                response
            }
            Refused::NotAllowed(status, why) => refuse(status, why.to_owned()),
            Refused::Stopping => refuse(
                StatusCode::SERVICE_UNAVAILABLE,
                "Service Unavailable: the server is shutting down".to_owned(),
            ),
            Refused::Full(max) => retry_soon(refuse(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "Service Unavailable: {max} requests are in flight, the most this server takes; retry"
                ),
            )),
        }
    }
}

impl Gate {
    /// The bearer token, then the `Host` and `Origin`: all on the headers,
    /// so that a client refused is refused before its body is read.
    pub(super) fn check(&self, headers: &HeaderMap) -> Result<(), Refused> {
        self.check_bearer(headers)?;
        self.allow
            .check(headers)
            .map_err(|(status, why)| Refused::NotAllowed(status, why))
    }

    /// The bearer token, by hand: rmcp's `auth` feature is OAuth for its
    /// client; a server's static token it leaves to the HTTP stack.
    fn check_bearer(&self, headers: &HeaderMap) -> Result<(), Refused> {
        let Some(expected) = &self.bearer else {
            return Ok(());
        };
        let presented = headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.as_bytes().strip_prefix(b"Bearer "));
        let why = match presented {
            Some(token) if same(&digest(token), expected) => return Ok(()),
            Some(_) => "Unauthorized: the bearer token is wrong",
            None => "Unauthorized: this server needs `Authorization: Bearer <token>`",
        };
        let challenge = match &self.protected {
            Some(protected) => protected.challenge(headers),
            None => HeaderValue::from_static("Bearer realm=\"mcp\""),
        };
        Err(Refused::Unauthorized { why, challenge })
    }

    /// The bound on requests in flight, by hand: tower's `ConcurrencyLimit`
    /// queues (a client could wait forever) and holds its permit only until
    /// the response head, while rmcp answers a call as an SSE body that
    /// streams until the result. Here a request over the bound is answered
    /// 503 at once. It is taken only once a request's body has arrived
    /// whole: a client that is slow to send one (or never does) waits on
    /// its own connection, under the body's deadline, and holds no slot
    /// that complete requests need.
    pub(super) fn admit(&self) -> Result<OwnedSemaphorePermit, Refused> {
        if self.stopping.is_cancelled() {
            return Err(Refused::Stopping);
        }
        self.in_flight
            .clone()
            .try_acquire_owned()
            .map_err(|_| Refused::Full(self.max_in_flight))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_compare_whole() {
        let token = digest(b"secret");
        assert!(same(&digest(b"secret"), &token));
        assert!(!same(&digest(b"secreT"), &token));
        assert!(!same(&digest(b"secret "), &token));
        assert!(!same(&digest(b""), &token));
    }
}
