//! The server over Streamable HTTP, at `/mcp`: rmcp's own transport
//! ([`StreamableHttpService`]) in an axum router, with the same
//! [`Handler`] as stdio, so every hook and permission rule applies alike.
//!
//! rmcp does the protocol: sessions (`Mcp-Session-Id`) or stateless
//! requests, SSE streams for notifications and their resumption
//! (`Last-Event-ID`), the `Host` and `Origin` allow-lists (403, against DNS
//! rebinding). Written here, because rmcp has none of them or not in the
//! order a server under attack needs: the connections and their bounds
//! (`listen`, `peers`), the checks made on a request's headers before its
//! body is read, with the bearer token (401, `gate`), the body's bounds
//! (413, 408, 429, `body`), the bound on requests in flight (503, never a
//! queue), the sessions' cap and idle expiry (`sessions`), JSON-RPC errors
//! for malformed messages (`rpc_error`), the OAuth protected-resource
//! metadata (`protected_resource`), and the shutdown that answers what is
//! in flight.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use axum::Router;
use axum::http::HeaderMap;
use axum::routing::{any, get};
use rmcp::model::Implementation;
use rmcp::transport::streamable_http_server::session::SessionManager;
use rmcp::transport::streamable_http_server::session::never::NeverSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tokio_util::sync::CancellationToken;

mod body;
mod front;
mod gate;
mod health;
mod hooks;
mod listen;
pub(crate) mod path;
mod peers;
mod rebinding;
mod refuse;
mod rpc_error;
mod sessions;

pub use health::{HEALTH_PATH, READY_PATH};
pub use hooks::HOOKS_PATH;
pub use path::HTTP_PATH;

use self::body::BodyLimits;
use self::front::Front;
use self::gate::{Gate, digest};
use self::hooks::Hooks;
use self::listen::ConnectionLimits;
use self::peers::PerPeer;
use self::rebinding::AllowLists;
use self::sessions::Sessions;
use super::handler::Handler;
use super::protected_resource::{ProtectedResource, WELL_KNOWN_PATH};
use super::served::parked::Parked;
use super::served::seal::StateKeys;
use super::tasks::{TASK_STOP_LIMIT, Tasks};
use super::{McpError, Server};

/// The largest request body read: what a stdio line may be.
pub const MAX_HTTP_BODY: usize = 16 * 1024 * 1024;

/// How many requests may be in flight at once by default; one more is
/// answered 503 at once.
pub const MAX_HTTP_IN_FLIGHT: usize = 64;

/// How long a request's headers may take to arrive, and how long its body
/// may take once they have, by default: past the first the connection is
/// closed, past the second the request is answered 408.
pub const HTTP_REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

/// How many connections may be open at once by default; one more is
/// answered 503 and closed as it is accepted.
pub const MAX_HTTP_CONNECTIONS: usize = 1024;

/// How many connections one peer (an IPv4 address, an IPv6 /64) may hold
/// open by default: room for a machine's whole fleet of agents, each with
/// a session's standing stream and a request or two.
pub const MAX_HTTP_CONNECTIONS_PER_PEER: usize = 256;

/// How many requests of one peer may wait for their bodies at once by
/// default (a body that comes with its headers never waits); one more is
/// answered 429.
pub const MAX_HTTP_WAITING_PER_PEER: usize = 32;

/// How many MCP sessions the server holds by default.
pub const MAX_HTTP_SESSIONS: usize = 1000;

/// How long a session may sit idle (no message, no stream open) by
/// default before it is closed.
pub const HTTP_SESSION_IDLE_TIMEOUT: Duration = Duration::from_secs(600);

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
    /// How long a request's headers may take (and a kept-alive connection
    /// may sit idle between requests): past it the connection is closed.
    pub header_timeout: Duration,
    /// How long a request's body may take once its headers came: past it
    /// the request gets 408.
    pub body_timeout: Duration,
    /// The most connections open at once; one more gets 503 and is closed.
    pub max_connections: usize,
    /// The most connections one peer holds open at once.
    pub max_connections_per_peer: usize,
    /// The most requests of one peer waiting for their bodies; one more
    /// gets 429.
    pub max_waiting_per_peer: usize,
    /// The most sessions held: a new one takes the place of the least
    /// recently used idle one, and is refused (503) when every one is busy.
    pub max_sessions: usize,
    /// How long a session may sit idle (no message, no stream open) before
    /// it is closed.
    pub session_idle_timeout: Duration,
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
            header_timeout: HTTP_REQUEST_TIMEOUT,
            body_timeout: HTTP_REQUEST_TIMEOUT,
            max_connections: MAX_HTTP_CONNECTIONS,
            max_connections_per_peer: MAX_HTTP_CONNECTIONS_PER_PEER,
            max_waiting_per_peer: MAX_HTTP_WAITING_PER_PEER,
            max_sessions: MAX_HTTP_SESSIONS,
            session_idle_timeout: HTTP_SESSION_IDLE_TIMEOUT,
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

impl Server {
    /// Serves clients over Streamable HTTP at [`HTTP_PATH`] on `listener`
    /// until `shutdown` resolves; then new requests get 503, and those in
    /// flight are answered (a call without a time limit has
    /// [`SHUTDOWN_LIMIT`](crate::SHUTDOWN_LIMIT)) for at most
    /// [`HttpOptions::shutdown_grace`]. Each session gets its own session
    /// id (`<session>-<n>`) unless one was set with
    /// [`session`](Server::session).
    pub async fn serve_http(
        mut self,
        listener: TcpListener,
        options: HttpOptions,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), McpError> {
        let addr = listener.local_addr().map_err(McpError::Http)?;
        let (hosts, origins) = allow_lists(addr, &options);
        // Cancelled once the requests in flight are answered (or the grace
        // is over): rmcp then closes every session and stream, and the
        // connections close.
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
            allow: AllowLists::new(&hosts, &origins),
            in_flight: Arc::new(Semaphore::new(max_in_flight)),
            max_in_flight,
            body: BodyLimits {
                max_bytes: options.max_body_bytes,
                timeout: options.body_timeout,
                waiting: PerPeer::new(options.max_waiting_per_peer),
            },
            stopping: stopping.clone(),
        });
        let state_keys = match self.state_keys.take() {
            Some(keys) => keys,
            None => StateKeys::random().map_err(McpError::Stopped)?,
        };
        let self_host = self.host.clone();
        let hooks = self.served_hooks.clone().map(|served| {
            Arc::new(Hooks {
                gate: gate.clone(),
                host: self.host.clone(),
                served,
            })
        });
        let (mut app, tasks) = if options.stateless {
            let sessions = Arc::new(NeverSessionManager::default());
            self.router(config, sessions, None, &stopping, gate.clone(), state_keys)
        } else {
            let sessions = Arc::new(Sessions::new(
                options.max_sessions,
                options.session_idle_timeout,
            ));
            tokio::spawn(sessions.clone().expire_idle(sessions_closed.clone()));
            self.router(
                config,
                sessions.clone(),
                Some(sessions),
                &stopping,
                gate.clone(),
                state_keys,
            )
        };
        // Outside the gate: a balancer checks a replica by its own address,
        // without the token.
        let health = health::Health {
            host: self_host.clone(),
            stopping: stopping.clone(),
        };
        app = app
            .route(HEALTH_PATH, get(health::healthz).with_state(health.clone()))
            .route(READY_PATH, get(health::readyz).with_state(health));
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

        let limits = ConnectionLimits {
            max: options.max_connections,
            per_peer: options.max_connections_per_peer,
            header_timeout: options.header_timeout,
        };
        let serving = listen::serve(listener, app, limits, sessions_closed.clone());
        let draining = async move {
            shutdown.await;
            stopping.cancel();
            // Every permit back: nothing in flight.
            let drained = gate.in_flight.acquire_many(max_in_flight as u32);
            let _ = tokio::time::timeout(options.shutdown_grace, drained).await;
            // The tasks, cancelled by `stopping`, settle.
            tasks.settled(TASK_STOP_LIMIT).await;
            sessions_closed.cancel();
        };
        tokio::join!(draining, serving);
        Ok(())
    }

    fn router<M: SessionManager>(
        self,
        config: StreamableHttpServerConfig,
        sessions: Arc<M>,
        bounded: Option<Arc<Sessions>>,
        stopping: &CancellationToken,
        gate: Arc<Gate>,
        state_keys: StateKeys,
    ) -> (Router, Arc<Tasks>) {
        let Server {
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
            state_keys: _,
            task_limits,
        } = self;
        let parked = Parked::new(input_timeout, state_keys);
        let tasks = Tasks::new(task_limits);
        let served_tasks = tasks.clone();
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
                .served_hooks(served_hooks.clone())
                .tasks(served_tasks.clone()))
            },
            sessions,
            config,
        );
        let front = Arc::new(Front {
            gate,
            mcp: service,
            sessions: bounded,
        });
        let router = Router::new().route(HTTP_PATH, any(front::serve::<M>).with_state(front));
        (router, tasks)
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
}
