//! The plugins' tools as an MCP server, for any MCP client.
//!
//! `tools/list` offers every tool whose plugin runs, with its portable
//! input schema, output schema, title and annotations. `tools/call` runs
//! the call through the hooks as an agent would ([`Host::guarded_call`]):
//! `before_tool_call` and `permission_request` may refuse or rewrite it,
//! `after_tool_call` may withhold or replace the result, `tool_error`
//! observes failures. A refusal, a bad argument, an `Err` or a panic is a
//! result with `isError: true` whose text says why, never a protocol
//! error; an unknown tool is `-32602`, an unknown method `-32601`.
//!
//! - **Protocol**: 2026-07-28 ([`NEWEST_PROTOCOL_VERSION`]: `server/discover`,
//!   per-request `_meta`, no sessions), and over `initialize` 2025-11-25
//!   ([`PROTOCOL_VERSION`]), 2025-06-18, 2025-03-26, 2024-11-05. On
//!   2026-07-28 a call that asks its client (a form, a sample, a hook's
//!   ask) answers `InputRequiredResult` and stays parked, its
//!   `requestState` an unguessable handle, until the client's retry
//!   brings the answers ([`MAX_PARKED`] at once, each for
//!   [`Server::input_timeout`]); resource changes go to
//!   `subscriptions/listen` streams.
//! - **Tasks** (SEP-2663): a call of a tool declared `#[tool(task)]`, from a
//!   2026-07-28 request that declares `io.modelcontextprotocol/tasks`,
//!   answers with a task and runs on through the same hooks; the client
//!   follows it with `tasks/get`, answers its questions with
//!   `tasks/update`, stops it with `tasks/cancel`. Tasks are bounded
//!   ([`TaskLimits`], [`Server::task_limits`]), seen only by the principal
//!   that created them, and live in this process.
//! - **Resources, prompts, completions**: the plugins' `#[resource]`s and
//!   `#[prompt]`s, their skills and slash commands. A resource's read, a
//!   prompt's messages and a completion function run off the server's
//!   thread within a tool call's time limit and cancellation. A change a
//!   plugin tells ([`PluginContext::resource_updated`](tackle::PluginContext::resource_updated))
//!   reaches the sessions subscribed to its URI; a list change, every
//!   session.
//! - **Progress**: a tool's [`ToolContext::progress`](tackle::ToolContext::progress)
//!   and streamed [`output`](tackle::ToolContext::output) become
//!   `notifications/progress` when the request carries a progress token,
//!   all sent before the result.
//! - **Cancellation**: `notifications/cancelled` cancels the call's
//!   [`Cancellation`](tackle::Cancellation); an async tool is stopped at its
//!   next `.await`, and `tool_error` hooks still see the call.
//! - **Time limit**: `tool_timeout_secs` in the host config cancels a call
//!   that runs longer, and answers it with an `isError` result saying so;
//!   once the client closes its input, a call without one has
//!   [`SHUTDOWN_LIMIT`].
//! - **Sync tools** run on tokio's blocking pool
//!   ([`Host::call_tool_off_thread`]): one that blocks holds a pool thread,
//!   never the server.
//! - **Every request is answered**, and the server ends only once every
//!   answer is written. At most [`MAX_IN_FLIGHT`] requests
//!   ([`MAX_IN_FLIGHT_BYTES`]) await answers at once; the server reads no
//!   further until one is answered.
//! - **Ask**: when a hook asks for approval, a client that offers
//!   elicitation asks its user; otherwise the call is refused with the
//!   reason.
//!
//! Serve over stdio (what `<bin> mcp` does), over Streamable HTTP
//! (`<bin> mcp --http ADDR`, `Server::serve_http`, the `http` feature),
//! or over any async reader and writer when embedding:
//!
//! ```rust,standalone_crate
//! use tackle::prelude::*;
//!
//! tackle::plugin! { id: "counter" }
//!
//! /// Count the lines of a text.
//! #[tool(read_only)]
//! fn count_lines(text: String) -> String {
//!     text.lines().count().to_string()
//! }
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use std::sync::Arc;
//! use serde_json::{Value, json};
//! use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
//! use tackle_host::{Host, Registry};
//! use tackle_mcp::Server;
//!
//! let registry = Registry::global()?.only(&["counter"]);
//! let host = Arc::new(Host::builder().registry(registry).build().await?);
//! let (client, server) = tokio::io::duplex(64 * 1024);
//! let (read, write) = tokio::io::split(server);
//! let serving = tokio::spawn(Server::new(host).server_info("counter", "1.0.0").serve(read, write));
//!
//! // The client's side: one JSON-RPC message per line.
//! let (client_read, mut client_write) = tokio::io::split(client);
//! let mut replies = BufReader::new(client_read).lines();
//! let mut send = async |message: Value| {
//!     client_write.write_all(format!("{message}\n").as_bytes()).await.unwrap();
//! };
//! send(json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
//!     "protocolVersion": "2025-06-18",
//!     "capabilities": {},
//!     "clientInfo": {"name": "doc", "version": "0"},
//! }}))
//! .await;
//! let init: Value = serde_json::from_str(&replies.next_line().await?.unwrap())?;
//! assert_eq!(init["result"]["serverInfo"]["name"], "counter");
//!
//! send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"})).await;
//! send(json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
//!     "name": "count_lines",
//!     "arguments": {"text": "one\ntwo\nthree"},
//! }}))
//! .await;
//! let call: Value = serde_json::from_str(&replies.next_line().await?.unwrap())?;
//! assert_eq!(call["id"], 2);
//! assert_eq!(call["result"]["content"][0]["text"], "3");
//! assert_eq!(call["result"]["isError"], false);
//!
//! // Closing our end ends the session.
//! drop(send);
//! drop((replies, client_write));
//! serving.await??;
//! # Ok(())
//! # }
//! ```

mod approve;
mod call;
mod client;
mod expiry;
mod handler;
#[cfg(feature = "http")]
mod http;
mod listing;
mod needs;
mod outcome;
mod panicked;
mod progress;
mod prompt;
#[cfg(feature = "http")]
mod protected_resource;
mod revision;
mod running;
mod served;
mod service;
mod stdio;
mod tasks;
#[cfg(feature = "fast-stdio")]
mod transport;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use rmcp::model::{ClientJsonRpcMessage, Implementation};
use rmcp::service::{QuitReason, ServerInitializeError};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio_util::sync::CancellationToken;

use handler::Handler;
use served::parked::Parked;
use service::HandlerService;
use tackle_host::Host;
use tackle_host::served_hooks::{HookKey, ServedHooks};
#[cfg(feature = "fast-stdio")]
use transport::Lines;

pub use expiry::SHUTDOWN_LIMIT;
pub use handler::{NEWEST_PROTOCOL_VERSION, PROTOCOL_VERSION};
#[cfg(feature = "http")]
pub use http::{
    HEALTH_PATH, HOOKS_PATH, HTTP_PATH, HTTP_REQUEST_TIMEOUT, HTTP_SESSION_IDLE_TIMEOUT,
    HTTP_SHUTDOWN_GRACE, HttpOptions, MAX_HTTP_BODY, MAX_HTTP_CONNECTIONS,
    MAX_HTTP_CONNECTIONS_PER_PEER, MAX_HTTP_IN_FLIGHT, MAX_HTTP_SESSIONS,
    MAX_HTTP_WAITING_PER_PEER, READY_PATH,
};
#[cfg(feature = "http")]
pub use protected_resource::WELL_KNOWN_PATH;
pub use served::parked::{INPUT_TIMEOUT, MAX_PARKED};
pub use served::seal::{MIN_KEY_BYTES, StateKeys, Unsealed};
pub use tackle_host::served_hooks::HOOK_TOOL;
pub use tasks::{
    MAX_KEPT_TASK_BYTES, MAX_KEPT_TASKS, MAX_RUNNING_TASKS, TASK_POLL_INTERVAL, TASK_TTL,
    TaskLimits,
};
#[cfg(all(feature = "fast-stdio", feature = "fuzzing"))]
#[doc(hidden)]
pub use transport::read_for_fuzzing;
#[cfg(feature = "fast-stdio")]
pub use transport::{MAX_IN_FLIGHT, MAX_IN_FLIGHT_BYTES};

/// An MCP server for one client connection, over a [`Host`]'s tools.
#[derive(Debug)]
pub struct Server {
    host: Arc<Host>,
    cwd: PathBuf,
    session: String,
    /// Whether `session` was chosen: over HTTP, each session otherwise
    /// gets its own.
    session_set: bool,
    name: String,
    version: String,
    instructions: Option<String>,
    /// How long a 2026-07-28 call waits, parked, for the client's retry.
    input_timeout: Duration,
    /// Answers agents' hook events sent to the server, when set.
    served_hooks: Option<Arc<dyn ServedHooks>>,
    /// The key the package's hook entries send with calls of
    /// [`HOOK_TOOL`]; without one, the tool is not served.
    hook_key: Option<HookKey>,
    /// What seals a 2026-07-28 call's `requestState`; by default a key of
    /// the server's own.
    state_keys: Option<StateKeys>,
    /// The bounds on the server's MCP tasks.
    task_limits: TaskLimits,
}

/// Why serving stopped early.
#[derive(Debug, thiserror::Error)]
pub enum McpError {
    /// The client did not complete `initialize` (it sent something else,
    /// or asked for a protocol this server cannot speak).
    #[error("the MCP handshake failed: {0}")]
    Handshake(String),
    /// The standard streams could not be taken for the protocol.
    #[error("cannot serve MCP on stdin/stdout: {0}")]
    Stdio(#[source] std::io::Error),
    /// The HTTP server could not listen or serve.
    #[error("cannot serve MCP over HTTP: {0}")]
    Http(#[source] std::io::Error),
    /// The server's task failed.
    #[error("the MCP server stopped: {0}")]
    Stopped(String),
}

impl Server {
    /// A server over `host`'s tools. Calls run from the host's agent folder
    /// in the session `mcp-<pid>`; the server calls itself `tackle`.
    pub fn new(host: Arc<Host>) -> Self {
        Server {
            cwd: host.agent_dir().to_path_buf(),
            host,
            session: format!("mcp-{}", std::process::id()),
            session_set: false,
            name: "tackle".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            instructions: None,
            input_timeout: INPUT_TIMEOUT,
            served_hooks: None,
            hook_key: None,
            state_keys: None,
            task_limits: TaskLimits::default(),
        }
    }

    /// The directory tool calls are made from (their
    /// [`ToolContext::working_directory`](tackle::ToolContext::working_directory)).
    #[must_use]
    pub fn working_directory(mut self, dir: impl Into<PathBuf>) -> Self {
        self.cwd = dir.into();
        self
    }

    /// The session id tools and hooks see.
    #[must_use]
    pub fn session(mut self, id: impl Into<String>) -> Self {
        self.session = id.into();
        self.session_set = true;
        self
    }

    /// The name and version the server gives in `initialize`.
    #[must_use]
    pub fn server_info(mut self, name: impl Into<String>, version: impl Into<String>) -> Self {
        self.name = name.into();
        self.version = version.into();
        self
    }

    /// Instructions for the client's model, sent in `initialize`.
    #[must_use]
    pub fn instructions(mut self, text: impl Into<String>) -> Self {
        self.instructions = Some(text.into());
        self
    }

    /// How long a call on protocol 2026-07-28 that asked the client
    /// something (a form, a sample, a hook's ask) waits for the client's
    /// retry with the answers ([`INPUT_TIMEOUT`] unless set). Then its
    /// questions get "the client did not answer": a hook's ask refuses
    /// the call.
    #[must_use]
    pub fn input_timeout(mut self, timeout: Duration) -> Self {
        self.input_timeout = timeout;
        self
    }

    /// Bounds the MCP tasks the server runs and keeps (calls of tools
    /// declared `#[tool(task)]`; [`TaskLimits::default`] unless set).
    /// Tasks live in this process: they are not shared with replicas, and
    /// those still running when the server stops are cancelled.
    #[must_use]
    pub fn task_limits(mut self, limits: TaskLimits) -> Self {
        self.task_limits = limits;
        self
    }

    /// Answers agents' hook events with the host's hooks: over HTTP at
    /// `POST HOOKS_PATH/<agent>/<Event>` (agents' `http` hooks), and on
    /// every transport as the tool [`HOOK_TOOL`] (Claude Code's `mcp_tool`
    /// hooks). The host outlives the events, so plugins keep their state
    /// and session values in memory between them.
    #[must_use]
    pub fn hooks(mut self, served: Arc<dyn ServedHooks>) -> Self {
        self.served_hooks = Some(served);
        self
    }

    /// Seals 2026-07-28 calls' `requestState` with `keys`: replicas of one
    /// server that share them finish each other's calls (see
    /// [`StateKeys`]). Without, the server makes a key of its own.
    #[must_use]
    pub fn state_keys(mut self, keys: StateKeys) -> Self {
        self.state_keys = Some(keys);
        self
    }

    /// Serves [`HOOK_TOOL`] on stdio to calls that carry `key`: the hook
    /// entries of a package exported with `--hooks-via mcp`, which also
    /// start this server with the key (`mcp --hook-key KEY`). Without a
    /// key the tool is not served (an unknown tool), and over HTTP it
    /// never is: there, hooks come as `POST /hooks/...`.
    #[must_use]
    pub fn hook_key(mut self, key: HookKey) -> Self {
        self.hook_key = Some(key);
        self
    }

    /// Serves one client over `reader` and `writer` (newline-delimited
    /// JSON-RPC) until it closes its end. A client that leaves before
    /// `initialize` is not an error.
    pub async fn serve<R, W>(self, reader: R, writer: W) -> Result<(), McpError>
    where
        R: AsyncRead + Send + Unpin + 'static,
        W: AsyncWrite + Send + Unpin + 'static,
    {
        let keys = match self.state_keys {
            Some(keys) => keys,
            None => StateKeys::random().map_err(McpError::Stopped)?,
        };
        let closed = CancellationToken::new();
        let tasks = tasks::Tasks::new(self.task_limits);
        let handler = Handler::new(
            self.host,
            self.cwd,
            self.session,
            closed.clone(),
            Implementation::new(self.name, self.version),
            self.instructions,
            Parked::new(self.input_timeout, keys),
        )
        .served_hooks(self.served_hooks)
        .hook_key(self.hook_key)
        .tasks(tasks.clone());
        #[cfg(feature = "fast-stdio")]
        let transport = Lines::new(reader, writer, closed.clone());
        // rmcp's own transport: it does not say when the client closed its
        // end, so calls in flight are cancelled when the service stops.
        #[cfg(not(feature = "fast-stdio"))]
        let (transport, _cancel_on_stop) = ((reader, writer), closed.clone().drop_guard());
        let running = match rmcp::serve_server(HandlerService(handler), transport).await {
            Ok(running) => running,
            Err(ServerInitializeError::ConnectionClosed(_)) => return Ok(()),
            Err(e) => return Err(McpError::Handshake(handshake_problem(e))),
        };
        let quit = running.waiting().await;
        // The client is gone: its tasks still running are cancelled, and
        // settle before the server returns.
        closed.cancel();
        tasks.settled(tasks::TASK_STOP_LIMIT).await;
        match quit {
            Ok(QuitReason::JoinError(e)) => Err(McpError::Stopped(e.to_string())),
            Ok(_) => Ok(()),
            Err(e) => Err(McpError::Stopped(e.to_string())),
        }
    }

    /// Serves the client on stdin and stdout. From here on stdout carries
    /// only protocol messages: fd 1 is pointed at stderr (a plugin's
    /// `println!` goes there) and fd 0 at `/dev/null`.
    pub async fn serve_stdio(self) -> Result<(), McpError> {
        let (reader, writer) = stdio::take().map_err(McpError::Stdio)?;
        self.serve(reader, writer).await
    }
}

/// What went wrong before the session started, in a client author's words.
fn handshake_problem(error: ServerInitializeError) -> String {
    match error {
        ServerInitializeError::ExpectedInitializeRequest(Some(message)) => {
            let sent = match &message {
                ClientJsonRpcMessage::Request(r) => format!("a `{}` request", r.request.method()),
                ClientJsonRpcMessage::Notification(n) => {
                    let method = serde_json::to_value(&n.notification)
                        .ok()
                        .and_then(|v| v.get("method")?.as_str().map(str::to_owned))
                        .unwrap_or_default();
                    format!("a `{method}` notification")
                }
                _ => "a response".to_owned(),
            };
            format!(
                "the client's first message must be an `initialize` request, but it sent {sent}"
            )
        }
        ServerInitializeError::InitializeFailed(e) => {
            format!("`initialize` was refused: {}", e.message)
        }
        other => other.to_string(),
    }
}
