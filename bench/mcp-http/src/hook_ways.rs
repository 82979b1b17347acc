//! The four ways `hooks-served` has one PreToolUse event decided, each
//! timed per event from the first byte sent to the last byte of the
//! answer read: a hook process per event (tackle's or the hand-written
//! one), a `tools/call` of `tackle_hook` on one open stdio MCP session,
//! and a POST to `/hooks/claude/<Event>` on one kept-alive HTTP/1.1
//! connection.

use std::io::{BufRead, BufReader, Write};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::client::conn::http1::SendRequest;
use hyper::header::{CONTENT_TYPE, HOST, HeaderValue};
use hyper::{Method, Request, StatusCode};
use serde::Serialize;

use crate::hook_event::{Event, HookToolArguments};
use crate::wire::{CallResult, ClientInfo, Empty, Notification, Response};

/// One timed decision: how long it took and the answer's bytes.
pub type Timed = (Duration, Vec<u8>);

/// A hook program run once per event, the event on its stdin, in the
/// driver's working directory.
#[derive(Debug)]
pub struct HookProcess {
    pub program: PathBuf,
    pub args: Vec<String>,
}

impl HookProcess {
    /// Spawns the hook, writes the event, reads its stdout to the end and
    /// waits for it; a failed exit is an error.
    pub fn decide(&self, event: &Event) -> Result<Timed, String> {
        let started = Instant::now();
        let mut child = Command::new(&self.program)
            .args(&self.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", self.program.display()))?;
        let mut stdin = child.stdin.take().ok_or("no stdin")?;
        stdin
            .write_all(&event.body)
            .map_err(|e| format!("{}: writing the event: {e}", self.program.display()))?;
        drop(stdin);
        let output = child
            .wait_with_output()
            .map_err(|e| format!("{}: {e}", self.program.display()))?;
        let elapsed = started.elapsed();
        if !output.status.success() {
            return Err(format!(
                "{} exited with {}",
                self.program.display(),
                output.status
            ));
        }
        Ok((elapsed, output.stdout))
    }
}

/// A `tools/call` request of `tackle_hook`.
#[derive(Debug, Serialize)]
struct HookToolRequest<'a> {
    jsonrpc: &'static str,
    id: u64,
    method: &'static str,
    params: HookToolParams<'a>,
}

#[derive(Debug, Serialize)]
struct HookToolParams<'a> {
    name: &'static str,
    arguments: &'a HookToolArguments<'a>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct InitializeRequest<'a> {
    jsonrpc: &'static str,
    id: u64,
    method: &'static str,
    params: InitializeParams<'a>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct InitializeParams<'a> {
    protocol_version: &'a str,
    capabilities: Empty,
    client_info: ClientInfo<'a>,
}

/// The protocol version Claude Code asks for.
const CLAUDE_PROTOCOL: &str = "2025-06-18";

/// `<host> mcp` on stdio with one initialized session, kept open.
#[derive(Debug)]
pub struct McpSession {
    child: Child,
    /// `None` once closed, which ends the server.
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
    next_id: u64,
    line: String,
}

impl McpSession {
    /// Starts `command` (the server; stdin and stdout are its transport,
    /// stderr is dropped) and initializes a session as Claude Code does.
    pub fn start(mut command: Command) -> Result<McpSession, String> {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start the MCP server {command:?}: {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let mut session = McpSession {
            child,
            stdin: Some(stdin),
            stdout,
            next_id: 0,
            line: String::new(),
        };
        let initialize = InitializeRequest {
            jsonrpc: "2.0",
            id: 0,
            method: "initialize",
            params: InitializeParams {
                protocol_version: CLAUDE_PROTOCOL,
                capabilities: Empty {},
                client_info: ClientInfo {
                    name: "claude-code",
                    version: "hooks-served",
                },
            },
        };
        session.send(&line(&initialize)?)?;
        session.answer_to(0)?;
        session.send(&line(&Notification {
            jsonrpc: "2.0",
            method: "notifications/initialized",
        })?)?;
        Ok(session)
    }

    /// One `tools/call` of `tackle_hook` with `arguments`: the time from
    /// writing the request line to reading the answer's, and the call's
    /// text (an `isError` result is an error).
    pub fn decide(&mut self, arguments: &HookToolArguments<'_>) -> Result<Timed, String> {
        self.next_id += 1;
        let id = self.next_id;
        let request = line(&HookToolRequest {
            jsonrpc: "2.0",
            id,
            method: "tools/call",
            params: HookToolParams {
                name: "tackle_hook",
                arguments,
            },
        })?;
        let started = Instant::now();
        self.send(&request)?;
        let result = self.answer_to(id)?;
        let elapsed = started.elapsed();
        let result: CallResult =
            serde_json::from_value(result).map_err(|e| format!("not a tools/call result: {e}"))?;
        let text = match result.content.as_slice() {
            [content] if content.kind == "text" && !result.is_error => content.text.clone(),
            _ => None,
        };
        let text = text.ok_or(format!("tackle_hook failed: {:?}", result.content))?;
        Ok((elapsed, text.into_bytes()))
    }

    fn send(&mut self, line: &[u8]) -> Result<(), String> {
        let stdin = self.stdin.as_mut().ok_or("the MCP session is closed")?;
        stdin
            .write_all(line)
            .and_then(|()| stdin.flush())
            .map_err(|e| format!("writing to the MCP server: {e}"))
    }

    /// Reads lines up to the response to `id`: its `result`.
    fn answer_to(&mut self, id: u64) -> Result<serde_json::Value, String> {
        loop {
            self.line.clear();
            let read = self
                .stdout
                .read_line(&mut self.line)
                .map_err(|e| format!("reading from the MCP server: {e}"))?;
            if read == 0 {
                return Err("the MCP server closed its stdout".into());
            }
            let response: Response<serde_json::Value> = serde_json::from_str(&self.line)
                .map_err(|e| format!("not JSON-RPC ({e}): {}", self.line))?;
            if response.id.as_ref().and_then(serde_json::Value::as_u64) != Some(id) {
                continue;
            }
            if let Some(error) = response.error {
                return Err(format!("error {}: {}", error.code, error.message));
            }
            return response.result.ok_or(format!("no result: {}", self.line));
        }
    }
}

/// How long a server may take to exit once its input is closed.
pub const EXIT_LIMIT: Duration = Duration::from_secs(5);

impl Drop for McpSession {
    /// Closes the server's input, as a client ends a stdio session, so
    /// that it exits by itself (and a profiler around it writes its
    /// report); kills it if it has not within [`EXIT_LIMIT`].
    fn drop(&mut self) {
        drop(self.stdin.take());
        let closed = Instant::now();
        while closed.elapsed() < EXIT_LIMIT {
            if !matches!(self.child.try_wait(), Ok(None)) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A message as one line of the stdio transport.
fn line(message: &impl Serialize) -> Result<Vec<u8>, String> {
    let mut line = serde_json::to_vec(message).map_err(|e| e.to_string())?;
    line.push(b'\n');
    Ok(line)
}

/// One kept-alive HTTP/1.1 connection to `mcp --http`'s hook route.
#[derive(Debug)]
pub struct HttpHooks {
    sender: SendRequest<Full<Bytes>>,
    host: HeaderValue,
}

impl HttpHooks {
    /// Connects to `addr`.
    pub async fn connect(addr: SocketAddr) -> Result<HttpHooks, String> {
        let (sender, host) = crate::session::connect(addr).await?;
        Ok(HttpHooks { sender, host })
    }

    /// `POST /hooks/claude/<Event>` with the event as the body: the time
    /// from sending to the whole answer read, and the answer (a status
    /// other than 200 is an error).
    pub async fn decide(&mut self, event: &Event, body: &Bytes) -> Result<Timed, String> {
        let request = Request::builder()
            .method(Method::POST)
            .uri(format!("/hooks/claude/{}", event.name()?))
            .header(HOST, self.host.clone())
            .header(CONTENT_TYPE, "application/json")
            .body(Full::new(body.clone()))
            .map_err(|e| e.to_string())?;
        let started = Instant::now();
        self.sender
            .ready()
            .await
            .map_err(|e| format!("the connection closed: {e}"))?;
        let response = self
            .sender
            .send_request(request)
            .await
            .map_err(|e| format!("POST failed: {e}"))?;
        let status = response.status();
        let answer = response
            .into_body()
            .collect()
            .await
            .map_err(|e| format!("reading the answer: {e}"))?
            .to_bytes();
        let elapsed = started.elapsed();
        if status != StatusCode::OK {
            return Err(format!(
                "POST answered {status}: {}",
                String::from_utf8_lossy(&answer)
            ));
        }
        Ok((elapsed, answer.to_vec()))
    }
}
