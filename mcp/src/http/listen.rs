//! Accepting connections and serving each with hyper's HTTP/1.1, under
//! three bounds of their own: connections open in all, connections open
//! per peer, and how long a connection may take to send a request's
//! headers (or sit idle between requests).
//!
//! Served with hyper's connection builder rather than `axum::serve`, which
//! sets no timer: with it, a client that sends half a request line, or
//! keeps a connection open and sends nothing, holds it forever. HTTP/1.1
//! answers one request at a time per connection, so a connection is never
//! more than one request in flight.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::Request;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::Service as _;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio_util::sync::CancellationToken;

use super::peers::{Peer, PeerSlot, PerPeer};

/// The most bytes of a request's head (request line and headers) read:
/// hyper's default is some 400 KiB per connection.
const MAX_HEAD_BYTES: usize = 64 * 1024;

/// How long connections still open at the end get to close.
const CLOSE_GRACE: Duration = Duration::from_secs(2);

/// The bounds on connections.
#[derive(Debug, Clone)]
pub(super) struct ConnectionLimits {
    pub(super) max: usize,
    pub(super) per_peer: usize,
    pub(super) header_timeout: Duration,
}

/// Serves `app` on `listener` until `stop`: then accepts no more, asks each
/// connection to close once its request in flight is answered, and waits
/// [`CLOSE_GRACE`] at most for them.
pub(super) async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    stop: CancellationToken,
) {
    let max = limits.max.max(1);
    let open = Arc::new(Semaphore::new(max));
    let per_peer = PerPeer::new(limits.per_peer);
    let full = TurnAway::new(format!(
        "Service Unavailable: {max} connections are open, the most this server takes; retry"
    ));
    let peer_full = TurnAway::new(format!(
        "Service Unavailable: {} connections from this address are open, the most one address may have; close some, or retry",
        per_peer.max()
    ));
    loop {
        let accepted = tokio::select! {
            () = stop.cancelled() => break,
            accepted = listener.accept() => accepted,
        };
        let (tcp, addr) = match accepted {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of file descriptors, most often: what is open goes on
                // being served, and accepting resumes in a moment.
                tracing::warn!(target: "tackle::mcp", "cannot accept a connection: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let peer = Peer::of(addr.ip());
        let Ok(slot) = open.clone().try_acquire_owned() else {
            full.send(&tcp);
            continue;
        };
        let Some(peer_slot) = per_peer.take(peer) else {
            tracing::debug!(target: "tackle::mcp", "{peer}: too many connections, turned away");
            peer_full.send(&tcp);
            continue;
        };
        // No Nagle: an answer is written in pieces (the head, then the SSE
        // event), and the client's delayed ACK would hold the last piece
        // ~40 ms.
        let _ = tcp.set_nodelay(true);
        tokio::spawn(connection(
            tcp,
            peer,
            app.clone(),
            limits.header_timeout,
            stop.clone(),
            (slot, peer_slot),
        ));
    }
    // Every slot back: every connection closed.
    let closed = open.acquire_many(u32::try_from(max).unwrap_or(u32::MAX));
    let _ = tokio::time::timeout(CLOSE_GRACE, closed).await;
}

/// One connection, served until it closes; its slots given back then.
async fn connection(
    tcp: TcpStream,
    peer: Peer,
    app: Router,
    header_timeout: Duration,
    stop: CancellationToken,
    _slots: (OwnedSemaphorePermit, PeerSlot),
) {
    let app = TowerToHyperService::new(app);
    // Each request carries its peer, for the per-peer bound on requests
    // waiting for their bodies.
    let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
        request.extensions_mut().insert(peer);
        app.call(request)
    });
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(header_timeout)
        .max_buf_size(MAX_HEAD_BYTES);
    let conn = builder.serve_connection(TokioIo::new(tcp), service);
    tokio::pin!(conn);
    tokio::select! {
        served = conn.as_mut() => {
            if let Err(e) = served {
                tracing::trace!(target: "tackle::mcp", "{peer}: connection ended: {e}");
            }
        }
        () = stop.cancelled() => {
            conn.as_mut().graceful_shutdown();
            let _ = conn.await;
        }
    }
}

/// The answer to a connection over a cap, written as it is accepted and
/// without reading it: nothing of the client's is parsed, and no task is
/// spent on it.
struct TurnAway(Vec<u8>);

impl TurnAway {
    fn new(why: String) -> TurnAway {
        TurnAway(
            format!(
                "HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: {}\r\nretry-after: 1\r\nconnection: close\r\n\r\n{why}",
                why.len()
            )
            .into_bytes(),
        )
    }

    /// Written if the socket takes it now; the connection is closed as
    /// `tcp` drops.
    fn send(&self, tcp: &TcpStream) {
        let _ = tcp.try_write(&self.0);
    }
}
