//! An MCP client on one end of in-memory pipes, with `McpServer` on the
//! other: how the tests speak to the server in process, line by line, as
//! a client would.

use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};
use tackle_runtime::Host;
use tackle_runtime::mcp::{McpError, McpServer, PROTOCOL_VERSION};
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

impl Client {
    /// A server on `host` for session `session`, not yet initialized.
    pub async fn start(host: Arc<Host>, session: &str) -> Client {
        // One pipe each way, so that closing the client's output is an
        // end of input for the server, as closing a process's stdin is.
        let (server_in, client_out) = tokio::io::simplex(1 << 20);
        let (client_in, server_out) = tokio::io::simplex(1 << 20);
        let server = tokio::spawn(
            McpServer::new(host)
                .session(session)
                .serve(server_in, server_out),
        );
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
        let init = client
            .request(
                "initialize",
                json!({
                    "protocolVersion": PROTOCOL_VERSION,
                    "capabilities": capabilities,
                    "clientInfo": {"name": session, "version": "0"},
                }),
            )
            .await;
        assert_eq!(
            init["result"]["protocolVersion"], PROTOCOL_VERSION,
            "{init}"
        );
        client
            .send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))
            .await;
        client
    }

    pub async fn send(&mut self, message: Value) {
        self.send_line(&message.to_string()).await;
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
        loop {
            let message = self.recv().await;
            if message["id"] == json!(id) && message.get("method").is_none() {
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

    /// Closes the client's output; the server must end cleanly within
    /// `limit`.
    pub async fn close(mut self, limit: Duration) {
        self.write.shutdown().await.expect("closable");
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
