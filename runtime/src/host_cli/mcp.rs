//! `mcp`: serve the plugins' tools to an MCP client on stdin and stdout,
//! or over Streamable HTTP (`--http ADDR`).

use std::net::SocketAddr;
use std::sync::Arc;

use crate::Host;
#[cfg(feature = "http")]
use crate::mcp::{
    HTTP_PATH, HTTP_REQUEST_TIMEOUT, HTTP_SESSION_IDLE_TIMEOUT, HttpOptions, MAX_HTTP_CONNECTIONS,
    MAX_HTTP_CONNECTIONS_PER_PEER, MAX_HTTP_IN_FLIGHT, MAX_HTTP_SESSIONS,
    MAX_HTTP_WAITING_PER_PEER,
};
use crate::mcp::{Server, StateKeys, TaskLimits};
use crate::session::StoreSetting;
use tackle_host::served_hooks::HookKey;

use super::{exit, output};

#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The session id tools and hooks see (default: mcp-<pid>; over HTTP,
    /// mcp-<pid>-<n> for the n-th session).
    #[arg(long, value_name = "ID")]
    session: Option<String>,
    /// Serve over Streamable HTTP at http://ADDR/mcp instead of stdio (port 0: any free
    /// port). The address served is printed on stderr.
    #[arg(long, value_name = "ADDR")]
    http: Option<SocketAddr>,
    /// Protocol 2026-07-28: how long a call that asked the client something (a form, a
    /// sample, a hook's ask) waits for the client's retry with the answers.
    #[arg(long, value_name = "SECS", default_value_t = crate::mcp::INPUT_TIMEOUT.as_secs())]
    input_timeout: u64,
    /// MCP tasks (tools declared `#[tool(task)]`): the most running at once. Past it a tool
    /// that may run as a task runs as an ordinary call, and one that must is refused.
    #[arg(long, value_name = "N", default_value_t = crate::mcp::MAX_RUNNING_TASKS as u64,
        value_parser = clap::value_parser!(u64).range(1..))]
    max_tasks: u64,
    /// MCP tasks: how long a finished task's result is kept after it finished (its
    /// `ttlMs`); never dropped earlier.
    #[arg(long, value_name = "SECS", default_value_t = crate::mcp::TASK_TTL.as_secs(),
        value_parser = clap::value_parser!(u64).range(1..))]
    task_ttl: u64,
    /// stdio: answer the package's own hook entries (`--hooks-via mcp`), which call the
    /// tool `tackle_hook` with this key; `export` writes both. Without it, `tackle_hook`
    /// is not served.
    #[arg(long, value_name = "KEY", conflicts_with = "http", value_parser = hook_key)]
    hook_key: Option<HookKey>,
    /// Seal protocol 2026-07-28 calls' `requestState` with the key in this environment
    /// variable (at least 32 characters of secret). Replicas behind one balancer share it,
    /// so that any of them finishes a call another asked for; without it each server
    /// makes a key of its own.
    #[arg(long, value_name = "VAR")]
    state_key_env: Option<String>,
    /// The key being rotated out, still accepted to open states while every replica
    /// switches to the new `--state-key-env` (states last `--input-timeout` at most).
    #[arg(long, value_name = "VAR", requires = "state_key_env")]
    previous_state_key_env: Option<String>,
    /// HTTP: no sessions (no Mcp-Session-Id); each POST is served on its own.
    #[arg(long, requires = "http")]
    stateless: bool,
    /// HTTP: also accept this Host header (`name` or `name:port`); by default only the
    /// bound address and, on loopback, localhost, 127.0.0.1 and [::1], with the port.
    #[arg(long, value_name = "HOST", requires = "http")]
    allow_host: Vec<String>,
    /// HTTP: also accept requests with this Origin (`https://app.example:443`, `:*` for
    /// any port); by default only the loopback origins of a loopback bind.
    #[arg(long, value_name = "ORIGIN", requires = "http")]
    allow_origin: Vec<String>,
    /// HTTP: require `Authorization: Bearer <token>`, the token read from this environment
    /// variable (never a flag, which `ps` would show).
    #[arg(long, value_name = "VAR", requires = "http")]
    bearer_token_env: Option<String>,
    /// HTTP: serve with no token where one is otherwise required (with --auth-server, or on
    /// an address beyond loopback): anyone who can reach the port can call the tools.
    #[arg(long, requires = "http", conflicts_with = "bearer_token_env")]
    no_auth: bool,
    /// HTTP: an OAuth authorization server (issuer URL) that issues tokens for this
    /// server; repeatable. Serves its Protected Resource Metadata (RFC 9728) at
    /// /.well-known/oauth-protected-resource[/mcp], and a 401 points to it.
    #[arg(long, value_name = "URL", requires = "http")]
    auth_server: Vec<String>,
    /// HTTP: the URL clients reach this server at, as the metadata's `resource`
    /// (default: http://<Host>/mcp from the request).
    #[arg(long, value_name = "URL", requires = "auth_server")]
    resource_url: Option<String>,
    /// HTTP: the most requests in flight; one more is answered 503.
    #[arg(long, value_name = "N", requires = "http", default_value_t = MAX_HTTP_IN_FLIGHT as u64,
        value_parser = clap::value_parser!(u64).range(1..))]
    max_in_flight: u64,
    /// HTTP: a request's headers must arrive within SECS (past it, or idle that long between
    /// requests, the connection is closed), then its body within SECS (past it, 408).
    #[arg(long, value_name = "SECS", requires = "http", default_value_t = HTTP_REQUEST_TIMEOUT.as_secs(),
        value_parser = clap::value_parser!(u64).range(1..))]
    request_timeout: u64,
    /// HTTP: the most connections open at once; one more is answered 503 and closed.
    #[arg(long, value_name = "N", requires = "http", default_value_t = MAX_HTTP_CONNECTIONS as u64,
        value_parser = clap::value_parser!(u64).range(1..))]
    max_connections: u64,
    /// HTTP: the most connections one address (an IPv6 /64) holds open at once.
    #[arg(long, value_name = "N", requires = "http", default_value_t = MAX_HTTP_CONNECTIONS_PER_PEER as u64,
        value_parser = clap::value_parser!(u64).range(1..))]
    max_connections_per_peer: u64,
    /// HTTP: the most requests of one address waiting for their bodies; one more is
    /// answered 429 (a body sent with its headers never waits).
    #[arg(long, value_name = "N", requires = "http", default_value_t = MAX_HTTP_WAITING_PER_PEER as u64,
        value_parser = clap::value_parser!(u64).range(1..))]
    max_waiting_per_peer: u64,
    /// HTTP: the most sessions held; a new one takes the place of the least recently used
    /// idle one, and is refused (503) when every one has a call or stream open.
    #[arg(long, value_name = "N", requires = "http", default_value_t = MAX_HTTP_SESSIONS as u64,
        value_parser = clap::value_parser!(u64).range(1..))]
    max_sessions: u64,
    /// HTTP: a session with no message and no stream open for SECS is closed.
    #[arg(long, value_name = "SECS", requires = "http", default_value_t = HTTP_SESSION_IDLE_TIMEOUT.as_secs(),
        value_parser = clap::value_parser!(u64).range(1..))]
    session_idle_timeout: u64,
    /// Keep hooks' session values in this store, shared with the other replicas
    /// (`redis://HOST:PORT/DB`, `rediss://` for TLS, `redis+unix:///PATH`; `?prefix=P` for
    /// its keys, `?timeout_ms=N` for each call's deadline), over the config's `[sessions]
    /// store`. No password in the URL: see --session-store-password-env.
    #[arg(long, value_name = "URL")]
    session_store: Option<String>,
    /// The environment variable that holds the session store's password (never a flag,
    /// which `ps` would show).
    #[arg(long, value_name = "VAR", requires = "session_store")]
    session_store_password_env: Option<String>,
}

impl Args {
    /// The store `--session-store` names (`cli` links `redis-store`, so
    /// the host can open it; the URL is checked, never shown, when it is).
    pub(crate) fn store_setting(&self) -> Option<StoreSetting> {
        let url = self.session_store.as_ref()?;
        Some(StoreSetting {
            url: url.clone(),
            password_env: self.session_store_password_env.clone(),
            origin: "the command line".to_owned(),
            key: "--session-store".to_owned(),
            password_key: "--session-store-password-env".to_owned(),
        })
    }
}

/// The bounds on tasks the flags set; the others are the defaults.
fn task_limits(args: &Args) -> TaskLimits {
    let mut limits = TaskLimits::default();
    limits.max_running = usize::try_from(args.max_tasks).unwrap_or(usize::MAX);
    limits.ttl = std::time::Duration::from_secs(args.task_ttl);
    limits
}

/// Serves until the client closes stdin (or, over HTTP, until SIGINT or
/// SIGTERM); the host is shut down after.
pub(crate) async fn run(host: Arc<Host>, bin: &str, args: &Args) -> u8 {
    let mut server = Server::new(host.clone())
        .server_info(bin, env!("CARGO_PKG_VERSION"))
        .instructions(crate::standard::instructions(&host))
        .input_timeout(std::time::Duration::from_secs(args.input_timeout))
        .task_limits(task_limits(args))
        .hooks(Arc::new(crate::agents::hook::AgentHooks));
    if let Some(session) = &args.session {
        server = server.session(session);
    }
    if let Some(key) = &args.hook_key {
        server = server.hook_key(key.clone());
    }
    match state_keys(args) {
        Ok(Some(keys)) => server = server.state_keys(keys),
        Ok(None) => {}
        Err((why, code)) => {
            output::err(format_args!("error: {why}"));
            host.shutdown().await;
            return code;
        }
    }
    let served = match args.http {
        None => server
            .serve_stdio()
            .await
            .map_err(|e| (e.to_string(), exit::SERVE_FAILED)),
        Some(addr) => serve_http(server, addr, args).await,
    };
    let code = match served {
        Ok(()) => exit::OK,
        Err((why, code)) => {
            output::err(format_args!("error: {why}"));
            code
        }
    };
    host.shutdown().await;
    code
}

/// tackle-mcp's defaults, for `--help` of a binary without HTTP.
#[cfg(not(feature = "http"))]
const MAX_HTTP_IN_FLIGHT: usize = 64;
#[cfg(not(feature = "http"))]
const HTTP_REQUEST_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);
#[cfg(not(feature = "http"))]
const MAX_HTTP_CONNECTIONS: usize = 1024;
#[cfg(not(feature = "http"))]
const MAX_HTTP_CONNECTIONS_PER_PEER: usize = 256;
#[cfg(not(feature = "http"))]
const MAX_HTTP_WAITING_PER_PEER: usize = 32;
#[cfg(not(feature = "http"))]
const MAX_HTTP_SESSIONS: usize = 1000;
#[cfg(not(feature = "http"))]
const HTTP_SESSION_IDLE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(600);

/// `--http` in a binary built without it: says how to build it in.
#[cfg(not(feature = "http"))]
async fn serve_http(_: Server, addr: SocketAddr, _: &Args) -> Result<(), (String, u8)> {
    Err((
        format!(
            "cannot serve MCP on {addr}: this binary was built without Streamable HTTP (add `http` to the features of its `tackle-runtime` dependency); without --http it serves on stdio"
        ),
        exit::USAGE,
    ))
}

#[cfg(feature = "http")]
async fn serve_http(server: Server, addr: SocketAddr, args: &Args) -> Result<(), (String, u8)> {
    use std::time::Duration;

    let mut options = HttpOptions::default();
    options.stateless = args.stateless;
    options.allow_hosts.clone_from(&args.allow_host);
    options.allow_origins.clone_from(&args.allow_origin);
    let count = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
    options.max_in_flight = count(args.max_in_flight);
    options.header_timeout = Duration::from_secs(args.request_timeout);
    options.body_timeout = Duration::from_secs(args.request_timeout);
    options.max_connections = count(args.max_connections);
    options.max_connections_per_peer = count(args.max_connections_per_peer);
    options.max_waiting_per_peer = count(args.max_waiting_per_peer);
    options.max_sessions = count(args.max_sessions);
    options.session_idle_timeout = Duration::from_secs(args.session_idle_timeout);
    for (flag, url) in args
        .auth_server
        .iter()
        .map(|u| ("--auth-server", u))
        .chain(args.resource_url.iter().map(|u| ("--resource-url", u)))
    {
        let rest = url
            .strip_prefix("https://")
            .or_else(|| url.strip_prefix("http://"));
        if rest.is_none_or(|r| r.is_empty() || r.starts_with('/')) || url.contains(['"', ' ']) {
            return Err((
                format!("{flag}: `{url}` is not an http(s) URL"),
                exit::USAGE,
            ));
        }
    }
    options.authorization_servers.clone_from(&args.auth_server);
    options.resource_url.clone_from(&args.resource_url);
    if let Some(var) = &args.bearer_token_env {
        options.bearer_token = Some(secret("--bearer-token-env", var)?);
    }
    if options.bearer_token.is_none() && !args.no_auth {
        // An open server where a token is expected is refused, not warned
        // about: a warning on stderr is easily missed in a service's log.
        if !args.auth_server.is_empty() {
            return Err((
                "--auth-server publishes OAuth metadata that tells clients a token is needed, but without --bearer-token-env no token is checked and every endpoint is open; set --bearer-token-env VAR (the token the proxy in front forwards), or add --no-auth if an open server is intended".to_owned(),
                exit::USAGE,
            ));
        }
        if !addr.ip().is_loopback() {
            return Err((
                format!(
                    "serving MCP on {addr}, beyond this machine, with no --bearer-token-env would let anyone who can reach it call the tools; set --bearer-token-env VAR, or add --no-auth if that is intended (a network only trusted clients reach, a proxy that checks them)"
                ),
                exit::USAGE,
            ));
        }
    }
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| (format!("cannot listen on {addr}: {e}"), exit::SERVE_FAILED))?;
    let bound = listener
        .local_addr()
        .map_err(|e| (format!("cannot listen on {addr}: {e}"), exit::SERVE_FAILED))?;
    if !bound.ip().is_loopback() && options.bearer_token.is_none() {
        output::err(format_args!(
            "warning: serving MCP on {bound}, beyond this machine, with --no-auth: anyone who can reach it can call the tools"
        ));
    }
    output::err(format_args!("serving MCP on http://{bound}{HTTP_PATH}"));
    server
        .serve_http(listener, options, stop_signal())
        .await
        .map_err(|e| (e.to_string(), exit::SERVE_FAILED))
}

/// SIGINT or SIGTERM (Ctrl-C elsewhere).
#[cfg(feature = "http")]
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match (
            signal(SignalKind::interrupt()),
            signal(SignalKind::terminate()),
        ) {
            (Ok(mut int), Ok(mut term)) => {
                tokio::select! {
                    _ = int.recv() => {}
                    _ = term.recv() => {}
                }
            }
            _ => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// `--hook-key`'s value.
fn hook_key(text: &str) -> Result<HookKey, String> {
    HookKey::new(text)
}

/// The secret in the variable `var`, which `flag` names, else a usage
/// error (never echoing it).
fn secret(flag: &str, var: &str) -> Result<String, (String, u8)> {
    crate::secret::from_env(var)
        .map_err(|no| (format!("{flag}: ${var} {}", no.as_str()), exit::USAGE))
}

/// The keys that seal 2026-07-28 calls' `requestState`, from the variables
/// `--state-key-env` and `--previous-state-key-env` name; `None` without.
fn state_keys(args: &Args) -> Result<Option<StateKeys>, (String, u8)> {
    let Some(var) = &args.state_key_env else {
        return Ok(None);
    };
    let current = secret("--state-key-env", var)?;
    let previous = match &args.previous_state_key_env {
        Some(var) => Some(secret("--previous-state-key-env", var)?),
        None => None,
    };
    StateKeys::new(&current, previous.as_deref())
        .map(Some)
        .map_err(|why| (format!("--state-key-env: {why}"), exit::USAGE))
}

#[cfg(all(test, not(feature = "http")))]
mod tests {
    use std::process::ExitCode;

    use super::exit;

    #[test]
    fn http_in_a_binary_built_without_it_is_a_usage_error() {
        let agent = tempfile::tempdir().expect("a scratch folder");
        let dir = agent.path().to_str().expect("a UTF-8 path");
        let code =
            crate::host_cli::run(["host", "--agent-dir", dir, "mcp", "--http", "127.0.0.1:0"]);
        assert_eq!(code, ExitCode::from(exit::USAGE));
    }
}
