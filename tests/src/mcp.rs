//! An MCP client on one end of in-memory pipes, with `Server` on the
//! other: how the tests speak to the server in process, line by line, as
//! a client would.

use std::io::{BufRead as _, Write as _};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};
use tackle_runtime::Host;
use tackle_runtime::mcp::{McpError, PROTOCOL_VERSION, Server};
use tokio::io::{
    AsyncBufReadExt, AsyncWriteExt, BufReader, Lines, ReadHalf, SimplexStream, WriteHalf,
};
use tokio::task::JoinHandle;

/// A client of one server task.
#[derive(Debug)]
pub struct Client {
    write: WriteHalf<SimplexStream>,
    lines: Lines<BufReader<ReadHalf<SimplexStream>>>,
    next_id: u64,
    /// Notifications and server requests seen while waiting for responses.
    pub seen: Vec<Value>,
    server: JoinHandle<Result<(), McpError>>,
}

/// Where the server runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Runs {
    /// A task on the test's runtime.
    InTest,
    /// Its own thread with a current-thread runtime, as `<bin> mcp` runs
    /// it: a tool that blocks that thread would block the whole server,
    /// and the test's client would still see it.
    OwnThread,
}

impl Client {
    /// A server on `host` for session `session`, not yet initialized.
    pub async fn start(host: Arc<Host>, session: &str) -> Client {
        Client::start_with(host, session, Runs::InTest, 1 << 20).await
    }

    /// [`Client::start`], with the server where `runs` says and a pipe of
    /// `to_client` bytes for its answers (a small one fills when the
    /// client does not read).
    pub async fn start_with(
        host: Arc<Host>,
        session: &str,
        runs: Runs,
        to_client: usize,
    ) -> Client {
        // One pipe each way, so that closing the client's output is an
        // end of input for the server, as closing a process's stdin is.
        let (server_in, client_out) = tokio::io::simplex(1 << 20);
        let (client_in, server_out) = tokio::io::simplex(to_client);
        let serve = Server::new(host)
            .session(session)
            .serve(server_in, server_out);
        let server = match runs {
            Runs::InTest => tokio::spawn(serve),
            Runs::OwnThread => {
                let (done, ended) = tokio::sync::oneshot::channel();
                std::thread::spawn(move || {
                    let runtime = tokio::runtime::Builder::new_current_thread()
                        .enable_all()
                        .build()
                        .expect("a runtime");
                    let _ = done.send(runtime.block_on(serve));
                    // As the CLI does: a pool thread stuck in a tool does
                    // not hold the server's end.
                    runtime.shutdown_background();
                });
                tokio::spawn(async move { ended.await.expect("the server thread ends") })
            }
        };
        Client {
            write: client_out,
            lines: BufReader::new(client_in).lines(),
            next_id: 1,
            seen: Vec::new(),
            server,
        }
    }

    /// Started, and initialized at the newest protocol with
    /// `capabilities` (the client's name is the session's).
    pub async fn ready(host: Arc<Host>, session: &str, capabilities: Value) -> Client {
        let mut client = Client::start(host, session).await;
        client.initialize(session, capabilities).await;
        client
    }

    /// Initializes at the newest protocol, as the client `name`.
    pub async fn initialize(&mut self, name: &str, capabilities: Value) {
        let init = self
            .request(
                "initialize",
                json!({
                    "protocolVersion": PROTOCOL_VERSION,
                    "capabilities": capabilities,
                    "clientInfo": {"name": name, "version": "0"},
                }),
            )
            .await;
        assert_eq!(
            init["result"]["protocolVersion"], PROTOCOL_VERSION,
            "{init}"
        );
        self.send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))
            .await;
    }

    pub async fn send(&mut self, message: Value) {
        self.send_line(&message.to_string()).await;
    }

    /// Sends bytes as they are, with no newline added.
    pub async fn send_raw(&mut self, bytes: &[u8]) {
        self.write.write_all(bytes).await.expect("server reads");
    }

    /// Sends a line as it is, well-formed or not.
    pub async fn send_line(&mut self, line: &str) {
        self.write
            .write_all(format!("{line}\n").as_bytes())
            .await
            .expect("server reads");
    }

    /// The next message from the server.
    pub async fn recv(&mut self) -> Value {
        let line = tokio::time::timeout(Duration::from_secs(10), self.lines.next_line())
            .await
            .expect("the server answers within 10 s")
            .expect("readable")
            .expect("the server did not close its output");
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"))
    }

    /// Sends a request; returns its response, keeping what came before.
    pub async fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))
            .await;
        self.response(id).await
    }

    /// The response to request `id`; what comes before it is kept in
    /// [`Client::seen`].
    pub async fn response(&mut self, id: u64) -> Value {
        self.response_to(json!(id)).await
    }

    /// [`Client::response`] for an id of any JSON type.
    pub async fn response_to(&mut self, id: Value) -> Value {
        loop {
            let message = self.recv().await;
            if message["id"] == id && message.get("method").is_none() {
                return message;
            }
            self.seen.push(message);
        }
    }

    /// Calls `tool`; its result (a test fails on a protocol error).
    pub async fn call(&mut self, tool: &str, arguments: Value) -> Value {
        let response = self
            .request("tools/call", json!({"name": tool, "arguments": arguments}))
            .await;
        response
            .get("result")
            .cloned()
            .unwrap_or_else(|| panic!("`{tool}` gave no result: {response}"))
    }

    /// Closes the client's output: the end of the server's input.
    pub async fn end_input(&mut self) {
        self.write.shutdown().await.expect("closable");
    }

    /// The server's task, to race against.
    pub fn server(&mut self) -> &mut JoinHandle<Result<(), McpError>> {
        &mut self.server
    }

    /// Closes the client's output; the server must end cleanly within
    /// `limit`.
    pub async fn close(mut self, limit: Duration) {
        self.end_input().await;
        let ended = tokio::time::timeout(limit, self.server)
            .await
            .expect("the server stops when its input closes")
            .expect("the server task did not panic");
        assert!(ended.is_ok(), "{ended:?}");
    }
}

/// A tool result's text blocks, one per line.
pub fn text(result: &Value) -> String {
    result["content"]
        .as_array()
        .expect("content is a list")
        .iter()
        .filter_map(|c| c["text"].as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// `<bin> mcp` as a process: lines to its stdin, answers by id (in any
/// order) from a thread that reads its stdout.
#[derive(Debug)]
pub struct Process {
    child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
    lines: std::sync::mpsc::Receiver<Value>,
    answers: std::collections::BTreeMap<String, Value>,
}

/// How long a test waits for what must come: a bound for a server that
/// hangs, never a measure (what is awaited comes in a few seconds).
pub const HANG: Duration = Duration::from_secs(60);

impl Process {
    /// Spawns `command` (a host's `mcp`, made by the caller) with its
    /// stdin and stdout piped and its stderr dropped.
    pub fn spawn(mut command: Command) -> Process {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the host starts");
        let stdout = std::io::BufReader::new(child.stdout.take().expect("stdout"));
        let (send, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in stdout.lines() {
                let line = line.expect("utf-8");
                let message = serde_json::from_str(&line)
                    .unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {line}"));
                if send.send(message).is_err() {
                    return;
                }
            }
        });
        Process {
            stdin: child.stdin.take(),
            child,
            lines,
            answers: std::collections::BTreeMap::new(),
        }
    }

    /// Writes `message` as one line.
    pub fn send(&mut self, message: &Value) {
        let stdin = self.stdin.as_mut().expect("stdin still open");
        writeln!(stdin, "{message}").expect("the server reads");
        stdin.flush().expect("flushed");
    }

    /// The answer to `id`, however many others come first.
    pub fn answer(&mut self, id: &Value) -> Value {
        let key = id.to_string();
        loop {
            if let Some(answer) = self.answers.remove(&key) {
                return answer;
            }
            let Ok(message) = self.lines.recv_timeout(HANG) else {
                let _ = self.child.kill();
                panic!("no answer to {id}; got {:?}", self.answers);
            };
            self.answers.insert(message["id"].to_string(), message);
        }
    }

    /// Closes stdin, and goes on reading the answers.
    #[must_use]
    pub fn close_input(mut self) -> Process {
        drop(self.stdin.take());
        self
    }

    /// Closes stdin; the exit code once the process ends.
    pub fn close(mut self) -> Option<i32> {
        drop(self.stdin.take());
        let deadline = std::time::Instant::now() + HANG;
        loop {
            if let Some(status) = self.child.try_wait().expect("waitable") {
                return status.code();
            }
            if std::time::Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("the server did not exit after its input closed");
            }
            // Polling a child's exit; what is asserted does not depend on it.
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// `<bin> mcp ARGS...` (with `envs` added to its environment) as an
/// async child in a folder of its own, its
/// stdin and stdout for a client (rmcp's, as `(stdout, stdin)`), its
/// stderr dropped; killed when dropped.
#[derive(Debug)]
pub struct StdioHost {
    /// The process.
    pub child: tokio::process::Child,
    /// What the server writes.
    pub stdout: tokio::process::ChildStdout,
    /// What the server reads.
    pub stdin: tokio::process::ChildStdin,
    /// Its working folder, with its `.home`.
    pub dir: tempfile::TempDir,
}

impl StdioHost {
    /// Starts `bin mcp ARGS...`.
    pub fn spawn(bin: &str, args: &[&str], envs: &[(&str, &str)]) -> StdioHost {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut command = crate::process::isolated(bin, &dir.path().join(".home"));
        command
            .envs(envs.iter().copied())
            .arg("mcp")
            .args(args)
            .current_dir(dir.path())
            .stderr(Stdio::null());
        let mut child = tokio::process::Command::from(command)
            .kill_on_drop(true)
            .spawn()
            .expect("the host starts");
        let stdout = child.stdout.take().expect("stdout");
        let stdin = child.stdin.take().expect("stdin");
        StdioHost {
            child,
            stdout,
            stdin,
            dir,
        }
    }
}
