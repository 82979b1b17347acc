//! Reading a request's body whole, on every route that takes one: at most
//! `max_bytes` (413), within `timeout` of its headers (408), and, while it
//! keeps the server waiting, holding one of its peer's few slots for
//! requests waiting for their bodies (429 when the peer holds them all). A
//! body that comes with its headers or right after, as an honest client's
//! does, needs no slot.

use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use http_body_util::BodyExt;
use hyper::body::Body as _;

use super::peers::{Peer, PerPeer};
use super::refuse::{refuse, retry_soon};

/// How long a body's next bytes may take before the request counts as
/// waiting for its body: an honest client's come with its headers, or
/// right after.
const WAIT_GRACE: Duration = Duration::from_millis(100);

/// The most room made for a body before its bytes come.
const FIRST_ROOM: usize = 64 * 1024;

/// How bodies are read.
#[derive(Debug)]
pub(super) struct BodyLimits {
    pub(super) max_bytes: usize,
    pub(super) timeout: Duration,
    /// Each peer's requests waiting for their bodies.
    pub(super) waiting: Arc<PerPeer>,
}

/// Why a body was not read whole.
#[derive(Debug)]
pub(super) enum BodyRefused {
    /// 413: larger than the cap, counted while reading.
    TooLarge(usize),
    /// 408: not all there within the deadline.
    TimedOut(Duration),
    /// 429: the peer has this many requests waiting for their bodies.
    TooManyWaiting(usize),
    /// 400: the client broke it off, or sent it malformed.
    Broken(String),
}

impl IntoResponse for BodyRefused {
    fn into_response(self) -> Response {
        match self {
            BodyRefused::TooLarge(max) => refuse(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("Payload Too Large: request body exceeds {max} bytes"),
            ),
            BodyRefused::TimedOut(timeout) => refuse(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "Request Timeout: the request's body did not arrive within {} s of its headers",
                    timeout.as_secs_f64()
                ),
            ),
            BodyRefused::TooManyWaiting(max) => retry_soon(refuse(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "Too Many Requests: {max} requests from this address are waiting for their bodies, the most one address may have; send each body with its headers, or retry"
                ),
            )),
            BodyRefused::Broken(why) => refuse(
                StatusCode::BAD_REQUEST,
                format!("Bad Request: the request's body broke off ({why})"),
            ),
        }
    }
}

impl BodyLimits {
    /// `body` read whole, for a request from `peer`.
    pub(super) async fn read(&self, body: Body, peer: Peer) -> Result<Bytes, BodyRefused> {
        // A body declared too large is still read up to the cap before it
        // is refused: a client that writes its whole body before reading
        // the answer (reqwest does) would otherwise see a broken pipe, not
        // the 413 that says why. Room is made as bytes come, not as they
        // are declared.
        let declared = usize::try_from(body.size_hint().lower()).unwrap_or(usize::MAX);
        let deadline = tokio::time::Instant::now() + self.timeout;
        let mut body = body;
        let mut read = Vec::with_capacity(declared.min(self.max_bytes).min(FIRST_ROOM));
        // Taken the first time the body keeps the server waiting, held to
        // the end.
        let mut waiting = None;
        loop {
            // Done when the declared length is in: no poll for the end,
            // which would wait on the connection's next read.
            if body.is_end_stream() {
                break;
            }
            let grace = (tokio::time::Instant::now() + WAIT_GRACE).min(deadline);
            let frame = match tokio::time::timeout_at(grace, body.frame()).await {
                Ok(frame) => frame,
                Err(_) => {
                    if waiting.is_none() {
                        waiting = Some(
                            self.waiting
                                .take(peer)
                                .ok_or(BodyRefused::TooManyWaiting(self.waiting.max()))?,
                        );
                    }
                    tokio::time::timeout_at(deadline, body.frame())
                        .await
                        .map_err(|_| BodyRefused::TimedOut(self.timeout))?
                }
            };
            let Some(frame) = frame else { break };
            let frame = frame.map_err(|e| BodyRefused::Broken(e.to_string()))?;
            if let Ok(data) = frame.into_data() {
                if data.len() > self.max_bytes - read.len() {
                    return Err(BodyRefused::TooLarge(self.max_bytes));
                }
                read.extend_from_slice(&data);
            }
        }
        Ok(Bytes::from(read))
    }
}

#[cfg(test)]
mod tests {
    use std::convert::Infallible;

    use futures_util::StreamExt;
    use http_body_util::StreamBody;
    use hyper::body::Frame;

    use super::*;

    fn limits(max_waiting: usize) -> BodyLimits {
        BodyLimits {
            max_bytes: 16,
            timeout: Duration::from_millis(200),
            waiting: PerPeer::new(max_waiting),
        }
    }

    fn peer() -> Peer {
        Peer::of(std::net::Ipv4Addr::LOCALHOST.into())
    }

    /// A body whose first chunk is there and whose rest never comes.
    fn stalled() -> Body {
        let first = futures_util::stream::once(async {
            Ok::<_, Infallible>(Frame::data(Bytes::from_static(b"{")))
        });
        Body::new(StreamBody::new(
            first.chain(futures_util::stream::pending()),
        ))
    }

    #[tokio::test]
    async fn a_body_that_is_there_is_read_without_a_waiting_slot() {
        let limits = limits(1);
        let _held = limits.waiting.take(peer()).expect("the peer's one slot");
        let body = limits
            .read(Body::from("{\"a\":1}"), peer())
            .await
            .expect("read");
        assert_eq!(&body[..], b"{\"a\":1}");
    }

    #[tokio::test]
    async fn a_body_that_stalls_gets_its_deadline_and_gives_its_slot_back() {
        let limits = limits(1);
        let refused = limits.read(stalled(), peer()).await;
        assert!(
            matches!(refused, Err(BodyRefused::TimedOut(_))),
            "{refused:?}"
        );
        assert!(limits.waiting.take(peer()).is_some(), "the slot came back");
    }

    #[tokio::test]
    async fn a_body_that_keeps_a_peer_with_every_waiting_slot_held_waiting_is_refused() {
        let limits = limits(1);
        let _held = limits.waiting.take(peer()).expect("the peer's one slot");
        let refused = limits.read(stalled(), peer()).await;
        assert!(
            matches!(refused, Err(BodyRefused::TooManyWaiting(1))),
            "{refused:?}"
        );
    }

    #[tokio::test]
    async fn a_body_over_the_cap_is_refused_whole_or_in_chunks() {
        let limits = limits(1);
        let whole = limits.read(Body::from(vec![b' '; 17]), peer()).await;
        assert!(matches!(whole, Err(BodyRefused::TooLarge(16))), "{whole:?}");
        let chunks = futures_util::stream::iter(
            [b"0123456789", b"0123456789"]
                .map(|c| Ok::<_, Infallible>(Frame::data(Bytes::from_static(c)))),
        );
        let counted = limits
            .read(Body::new(StreamBody::new(chunks)), peer())
            .await;
        assert!(
            matches!(counted, Err(BodyRefused::TooLarge(16))),
            "{counted:?}"
        );
    }
}
