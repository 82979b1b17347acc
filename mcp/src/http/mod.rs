//! The server over Streamable HTTP, at `/mcp`: rmcp's own transport
//! ([`StreamableHttpService`]) served by axum, with the same [`Handler`] as
//! stdio, so every hook and permission rule applies alike.
//!
//! rmcp does the protocol: sessions (`Mcp-Session-Id`) or stateless
//! requests, SSE streams for notifications and their resumption
//! (`Last-Event-ID`), the `Host` and `Origin` allow-lists (403, against DNS
//! rebinding), and the body cap (413). Written here, because rmcp has none
//! of them: the bearer token (401), the OAuth protected-resource metadata
//! (`protected_resource`), the bound on requests in flight (503, never a
//! queue), and the shutdown that answers what is in flight.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use axum::serve::ListenerExt;
use http_body_util::BodyExt;
use rmcp::model::Implementation;
use rmcp::transport::streamable_http_server::session::SessionManager;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::session::never::NeverSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use tokio::net::TcpListener;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio_util::sync::CancellationToken;

mod hooks;
mod rebinding;

pub use hooks::{HOOK_BODY_TIMEOUT, HOOKS_PATH};

use self::hooks::Hooks;
use self::rebinding::AllowLists;
use super::handler::Handler;
use super::protected_resource::{ProtectedResource, WELL_KNOWN_PATH};
use super::served::input::Parked;
use super::{McpError, McpServer};

/// The path the server answers on.
pub const HTTP_PATH: &str = "/mcp";

/// The largest request body read: what a stdio line may be.
pub const MAX_HTTP_BODY: usize = 16 * 1024 * 1024;

/// How many requests may be in flight at once by default; one more is
/// answered 503 at once.
pub const MAX_HTTP_IN_FLIGHT: usize = 64;

/// How long a shutdown waits for the requests in flight to be answered.
pub const HTTP_SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

/// How the HTTP server is run and what it lets in.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct HttpOptions {
    /// No sessions: each POST is served on its own (no `Mcp-Session-Id`,
    /// no GET stream).
    pub stateless: bool,
    /// `Host` values let in besides the defaults (`host` or `host:port`).
    /// The defaults: the bound address with its port and, for a loopback
    /// bind, `localhost`, `127.0.0.1` and `[::1]` with the port.
    pub allow_hosts: Vec<String>,
    /// `Origin` values let in besides the defaults (`http://localhost:PORT`
    /// and the other loopback names, for a loopback bind). A request
    /// without `Origin` is not checked.
    pub allow_origins: Vec<String>,
    /// A request without `Authorization: Bearer <this>` gets 401.
    pub bearer_token: Option<String>,
    /// The OAuth authorization servers (issuer URLs) that issue tokens for
    /// this server: when there is one, the server serves its Protected
    /// Resource Metadata (RFC 9728) at
    /// [`WELL_KNOWN_PATH`](crate::WELL_KNOWN_PATH) and
    /// `WELL_KNOWN_PATH/mcp`, and a 401 names it in `WWW-Authenticate`.
    pub authorization_servers: Vec<String>,
    /// The URL clients reach the server at (the metadata's `resource`);
    /// by default `http://<Host>/mcp` from the request.
    pub resource_url: Option<String>,
    /// The largest request body; a larger one gets 413.
    pub max_body_bytes: usize,
    /// The most requests in flight; one more gets 503.
    pub max_in_flight: usize,
    /// How long a shutdown waits for the requests in flight.
    pub shutdown_grace: Duration,
}

impl Default for HttpOptions {
    fn default() -> Self {
        HttpOptions {
            stateless: false,
            allow_hosts: Vec::new(),
            allow_origins: Vec::new(),
            bearer_token: None,
            authorization_servers: Vec::new(),
            resource_url: None,
            max_body_bytes: MAX_HTTP_BODY,
            max_in_flight: MAX_HTTP_IN_FLIGHT,
            shutdown_grace: HTTP_SHUTDOWN_GRACE,
        }
    }
}

/// The `Host` and `Origin` values let in for a server bound to `addr`.
fn allow_lists(addr: SocketAddr, options: &HttpOptions) -> (Vec<String>, Vec<String>) {
    let port = addr.port();
    let mut names = vec![match addr {
        SocketAddr::V4(v4) => v4.ip().to_string(),
        SocketAddr::V6(v6) => format!("[{}]", v6.ip()),
    }];
    if addr.ip().is_loopback() {
        for name in ["localhost", "127.0.0.1", "[::1]"] {
            if !names.iter().any(|n| n == name) {
                names.push(name.to_owned());
            }
        }
    }
    let mut hosts: Vec<String> = names.iter().map(|n| format!("{n}:{port}")).collect();
    hosts.extend(options.allow_hosts.iter().cloned());
    let mut origins: Vec<String> = if addr.ip().is_loopback() {
        names.iter().map(|n| format!("http://{n}:{port}")).collect()
    } else {
        Vec::new()
    };
    origins.extend(options.allow_origins.iter().cloned());
    (hosts, origins)
}

/// What the middleware shares.
struct Gate {
    /// The SHA-256 of the token: compared digest to digest, in constant
    /// time, so neither the token's bytes nor its length leak by timing.
    bearer: Option<[u8; 32]>,
    /// What a 401 points to, when authorization servers are configured.
    protected: Option<ProtectedResource>,
    in_flight: Arc<Semaphore>,
    max_in_flight: usize,
    /// Set once shutdown begins: new requests get 503.
    stopping: CancellationToken,
}

fn digest(bytes: &[u8]) -> [u8; 32] {
    hmac_sha256::Hash::hash(bytes)
}

/// Equal, in a time that does not depend on where they differ.
fn same(a: &[u8; 32], b: &[u8; 32]) -> bool {
    let diff = a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y));
    std::hint::black_box(diff) == 0
}

fn refuse(status: StatusCode, text: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        text,
    )
        .into_response()
}

/// Why the gate turned a request away; answered as its status and text.
enum Refused {
    /// 401: no bearer token, or the wrong one; with the challenge to send.
    Unauthorized {
        why: &'static str,
        challenge: HeaderValue,
    },
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
            Refused::Stopping => refuse(
                StatusCode::SERVICE_UNAVAILABLE,
                "Service Unavailable: the server is shutting down".to_owned(),
            ),
            Refused::Full(max) => {
                let mut response = refuse(
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!(
                        "Service Unavailable: {max} requests are in flight, the most this server takes; retry"
                    ),
                );
                response
                    .headers_mut()
                    .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
                response
            }
        }
    }
}

impl Gate {
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
    /// 503 at once; the caller holds the permit until a POST's body is
    /// sent. A GET (a session's standing stream of notifications) holds it
    /// only for its head, so open sessions do not use the bound up.
    fn admit(&self) -> Result<OwnedSemaphorePermit, Refused> {
        if self.stopping.is_cancelled() {
            return Err(Refused::Stopping);
        }
        self.in_flight
            .clone()
            .try_acquire_owned()
            .map_err(|_| Refused::Full(self.max_in_flight))
    }
}

/// `/mcp`: the gate, then rmcp's service, in one handler. rmcp's service
/// is shared and called by reference: as a tower service each layer in
/// front of it would clone it (its config, with the allow-lists) for
/// every request.
struct Front<M> {
    gate: Arc<Gate>,
    mcp: StreamableHttpService<Handler, M>,
}

async fn serve_front<M: SessionManager>(
    State(front): State<Arc<Front<M>>>,
    request: Request,
) -> Response {
    if let Err(refused) = front.gate.check_bearer(request.headers()) {
        return refused.into_response();
    }
    let permit = match front.gate.admit() {
        Ok(permit) => permit,
        Err(refused) => return refused.into_response(),
    };
    let post = request.method() == Method::POST;
    let (parts, body) = front.mcp.handle(request).await.into_parts();
    if !post {
        return Response::from_parts(parts, Body::new(body));
    }
    // The permit lives in the closure, dropped with the body.
    let body = body.map_frame(move |frame| {
        let _held = &permit;
        frame
    });
    Response::from_parts(parts, Body::new(body))
}

impl McpServer {
    /// Serves clients over Streamable HTTP at [`HTTP_PATH`] on `listener`
    /// until `shutdown` resolves; then new requests get 503, and those in
    /// flight are answered (a call without a time limit has
    /// [`SHUTDOWN_LIMIT`](crate::SHUTDOWN_LIMIT)) for at most
    /// [`HttpOptions::shutdown_grace`]. Each session gets its own session
    /// id (`<session>-<n>`) unless one was set with
    /// [`session`](McpServer::session).
    pub async fn serve_http(
        self,
        listener: TcpListener,
        options: HttpOptions,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), McpError> {
        let addr = listener.local_addr().map_err(McpError::Http)?;
        let (hosts, origins) = allow_lists(addr, &options);
        // Cancelled once the requests in flight are answered (or the grace
        // is over): rmcp then closes every session and stream.
        let sessions_closed = CancellationToken::new();
        let config = StreamableHttpServerConfig::default()
            .with_legacy_session_mode(!options.stateless)
            .with_allowed_hosts(hosts.clone())
            .with_allowed_origins(origins.clone())
            .enforce_origin_validation()
            .with_max_request_body_bytes(options.max_body_bytes)
            .with_cancellation_token(sessions_closed.clone());
        // Cancelled at shutdown: calls without a time limit get
        // SHUTDOWN_LIMIT, and an elicitation stops waiting.
        let stopping = CancellationToken::new();
        let max_in_flight = options.max_in_flight.max(1);
        let protected = (!options.authorization_servers.is_empty()).then(|| ProtectedResource {
            authorization_servers: options.authorization_servers.clone(),
            resource_url: options.resource_url.clone(),
        });
        let gate = Arc::new(Gate {
            bearer: options
                .bearer_token
                .as_deref()
                .map(|t| digest(t.as_bytes())),
            protected: protected.clone(),
            in_flight: Arc::new(Semaphore::new(max_in_flight)),
            max_in_flight,
            stopping: stopping.clone(),
        });
        let hooks = self.served_hooks.clone().map(|served| {
            Arc::new(Hooks {
                gate: gate.clone(),
                allow: AllowLists { hosts, origins },
                max_body_bytes: options.max_body_bytes,
                host: self.host.clone(),
                served,
            })
        });
        let mut app = if options.stateless {
            let sessions = Arc::new(NeverSessionManager::default());
            self.router(config, sessions, &stopping, gate.clone())
        } else {
            let sessions = Arc::new(LocalSessionManager::default());
            self.router(config, sessions, &stopping, gate.clone())
        };
        if let Some(hooks) = hooks {
            app = app.route(
                &format!("{HOOKS_PATH}/{{agent}}/{{event}}"),
                any(hooks::serve).with_state(hooks),
            );
        }
        // The metadata is public: it is how a client learns where to get
        // the token it lacks.
        if let Some(protected) = protected {
            let document = move |headers: HeaderMap| {
                let protected = protected.clone();
                async move { protected.document(&headers) }
            };
            app = app
                .route(WELL_KNOWN_PATH, get(document.clone()))
                .route(&format!("{WELL_KNOWN_PATH}{HTTP_PATH}"), get(document));
        }

        let serving = {
            let stopping = stopping.clone();
            let sessions_closed = sessions_closed.clone();
            // No Nagle: an answer is written in pieces (the head, then
            // the SSE event), and the client's delayed ACK would hold the
            // last piece ~40 ms.
            let listener = listener.tap_io(|tcp| {
                let _ = tcp.set_nodelay(true);
            });
            axum::serve(listener, app)
                .with_graceful_shutdown(async move {
                    shutdown.await;
                    stopping.cancel();
                    // Every permit back: nothing in flight.
                    let drained = gate.in_flight.acquire_many(max_in_flight as u32);
                    let _ = tokio::time::timeout(options.shutdown_grace, drained).await;
                    sessions_closed.cancel();
                })
                .into_future()
        };
        tokio::pin!(serving);
        tokio::select! {
            served = &mut serving => served.map_err(McpError::Http),
            // The connections get a moment more to close once the sessions
            // are; a client that keeps one open does not hold the exit.
            () = async {
                sessions_closed.cancelled().await;
                tokio::time::sleep(Duration::from_secs(2)).await;
            } => Ok(()),
        }
    }

    fn router<M: SessionManager>(
        self,
        config: StreamableHttpServerConfig,
        sessions: Arc<M>,
        stopping: &CancellationToken,
        gate: Arc<Gate>,
    ) -> Router {
        let McpServer {
            host,
            cwd,
            session,
            name,
            version,
            instructions,
            session_set,
            input_timeout,
            served_hooks,
            // Over HTTP, hooks come as `POST /hooks/...`: `tackle_hook` is
            // never served at `/mcp`.
            hook_key: _,
        } = self;
        let parked = Parked::new(input_timeout);
        let stateless = !config.legacy_session_mode;
        let stopping = stopping.clone();
        let count = AtomicU64::new(0);
        let service = StreamableHttpService::new(
            move || {
                // Stateless, every request is served by a fresh handler: they
                // share the one session id, as stdio's requests do.
                let session = if session_set || stateless {
                    session.clone()
                } else {
                    format!("{session}-{}", count.fetch_add(1, Ordering::Relaxed) + 1)
                };
                Ok(Handler::new(
                    host.clone(),
                    cwd.clone(),
                    session,
                    stopping.clone(),
                    Implementation::new(name.clone(), version.clone()),
                    instructions.clone(),
                    parked.clone(),
                )
                .served_hooks(served_hooks.clone()))
            },
            sessions,
            config,
        );
        let front = Arc::new(Front { gate, mcp: service });
        Router::new().route(HTTP_PATH, any(serve_front::<M>).with_state(front))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loopback_bind_lets_in_its_names_with_the_port() {
        let (hosts, origins) = allow_lists(
            "127.0.0.1:4000".parse().expect("an address"),
            &HttpOptions::default(),
        );
        assert_eq!(hosts, ["127.0.0.1:4000", "localhost:4000", "[::1]:4000"]);
        assert_eq!(
            origins,
            [
                "http://127.0.0.1:4000",
                "http://localhost:4000",
                "http://[::1]:4000"
            ]
        );
    }

    #[test]
    fn another_bind_lets_in_its_address_and_what_is_added() {
        let options = HttpOptions {
            allow_hosts: vec!["mcp.example".to_owned()],
            allow_origins: vec!["https://app.example".to_owned()],
            ..HttpOptions::default()
        };
        let (hosts, origins) = allow_lists("10.0.0.2:80".parse().expect("an address"), &options);
        assert_eq!(hosts, ["10.0.0.2:80", "mcp.example"]);
        assert_eq!(origins, ["https://app.example"]);
    }

    #[test]
    fn tokens_compare_whole() {
        let token = digest(b"secret");
        assert!(same(&digest(b"secret"), &token));
        assert!(!same(&digest(b"secreT"), &token));
        assert!(!same(&digest(b"secret "), &token));
        assert!(!same(&digest(b""), &token));
    }
}
