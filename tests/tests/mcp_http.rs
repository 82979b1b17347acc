//! `<bin> mcp --http 127.0.0.1:0` as a process, driven over Streamable
//! HTTP by rmcp's own client (initialize, tools/list, calls, a hook's deny,
//! progress, many clients at once, sync tools that block) and by raw
//! requests (the Host and Origin allow-lists, the bearer token, the OAuth
//! protected-resource metadata, the body cap, the bound on requests in
//! flight, stateless mode), and stopped by SIGTERM with a call in flight;
//! and by hostile clients, byte by byte: stalled bodies and headers, too
//! many connections, sessions left idle or opened past the cap, malformed
//! messages, and a server started open where a token is expected.

use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rmcp::model::{
    CallToolRequestParams, ClientCapabilities, ClientConfig, Implementation, NumberOrString,
    ProgressNotificationParam, ProgressToken, RequestParamsMeta,
};
use rmcp::service::{NotificationContext, RunningService};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::{ClientHandler, RoleClient, ServiceExt};
use serde_json::{Value, json};
use tackle_tests::http_server::HttpServer;
use tackle_tests::process::isolated;

const HOST: &str = env!("CARGO_BIN_EXE_tackle-mcp-host");

/// A server of [`HOST`], started with `args` after `mcp --http 127.0.0.1:0`.
struct Server;

impl Server {
    fn start(args: &[&str]) -> HttpServer {
        HttpServer::start(HOST, args, &[])
    }

    fn start_with_env(args: &[&str], env: &[(&str, &str)]) -> HttpServer {
        HttpServer::start(HOST, args, env)
    }
}

/// A client that keeps the progress notifications it gets.
#[derive(Clone, Default)]
struct Probe {
    progress: Arc<Mutex<Vec<ProgressNotificationParam>>>,
}

impl ClientHandler for Probe {
    async fn on_progress(
        &self,
        params: ProgressNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        self.progress.lock().expect("not poisoned").push(params);
    }

    fn get_info(&self) -> ClientConfig {
        ClientConfig::new(
            ClientCapabilities::default(),
            Implementation::new("mcp-http-test", "1"),
        )
    }
}

type Client = RunningService<RoleClient, Probe>;

async fn connect(server: &HttpServer, token: Option<&str>) -> Result<(Client, Probe), String> {
    let mut config = StreamableHttpClientTransportConfig::with_uri(server.url());
    if let Some(token) = token {
        config = config.auth_header(token);
    }
    let probe = Probe::default();
    let client = probe
        .clone()
        .serve(StreamableHttpClientTransport::from_config(config))
        .await
        .map_err(|e| e.to_string())?;
    Ok((client, probe))
}

fn call(name: &'static str, arguments: Value) -> CallToolRequestParams {
    let Value::Object(arguments) = arguments else {
        panic!("arguments are an object")
    };
    CallToolRequestParams::new(name).with_arguments(arguments)
}

async fn call_json(client: &Client, params: CallToolRequestParams) -> Value {
    let result = client
        .call_tool(params)
        .await
        .expect("the call is answered");
    serde_json::to_value(result).expect("a result serializes")
}

fn text(result: &Value) -> String {
    result["content"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["text"].as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime")
}

#[test]
fn a_session_lists_and_calls_with_hooks_and_progress() {
    let server = Server::start(&[]);
    runtime().block_on(async {
        let (client, probe) = connect(&server, None).await.expect("initialize");
        let info = client.peer_info().expect("the server's initialize result");
        assert_eq!(
            info.server_info.as_ref().map(|i| i.name.as_str()),
            Some("tackle-mcp-host")
        );
        assert_eq!(
            info.protocol_version.as_str(),
            tackle_runtime::mcp::PROTOCOL_VERSION
        );

        let tools = client.list_all_tools().await.expect("tools/list");
        let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
        for name in ["add", "echo", "steps", "count_lines", "word_count"] {
            assert!(names.contains(&name), "{name} is not listed: {names:?}");
        }

        let sum = call_json(&client, call("add", json!({"a": 40, "b": 2}))).await;
        assert_eq!(sum["structuredContent"], json!({"result": 42}), "{sum}");
        assert_ne!(sum["isError"], true, "{sum}");

        // The hook's deny, over HTTP as over stdio.
        let denied = call_json(&client, call("echo", json!({"text": "forbidden"}))).await;
        assert_eq!(denied["isError"], true, "{denied}");
        assert!(
            text(&denied).contains("mcpish forbids `forbidden`"),
            "{denied}"
        );
        assert!(denied.get("structuredContent").is_none(), "{denied}");

        // Progress, on the call's SSE stream, before the result.
        let mut steps = call("steps", json!({"n": 3}));
        steps.set_progress_token(ProgressToken(NumberOrString::String("p1".into())));
        let counted = call_json(&client, steps).await;
        assert_eq!(text(&counted), "counted to 3", "{counted}");
        // rmcp's client hands each notification to the handler in a task
        // of its own: they may come in after the result, in any order.
        let start = Instant::now();
        while probe.progress.lock().expect("not poisoned").len() < 6
            && start.elapsed() < Duration::from_secs(2)
        {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let reports = probe.progress.lock().expect("not poisoned").clone();
        // rmcp's client puts a token of its own in the request.
        assert!(
            reports
                .iter()
                .all(|p| p.progress_token == reports[0].progress_token),
            "{reports:?}"
        );
        let mut messages: Vec<String> = reports
            .iter()
            .map(|p| p.message.clone().unwrap_or_default())
            .collect();
        messages.sort();
        assert_eq!(
            messages,
            [
                "chunk 1",
                "chunk 2",
                "chunk 3",
                "step 1 of 3",
                "step 2 of 3",
                "step 3 of 3"
            ]
        );

        // An unknown tool is a protocol error, answered.
        let unknown = client.call_tool(call("nope", json!({}))).await;
        let why = unknown
            .expect_err("an unknown tool is an error")
            .to_string();
        assert!(why.contains("unknown tool `nope`"), "{why}");
        client.cancel().await.expect("the session closes");
    });
}

#[test]
fn many_clients_at_once_are_all_answered() {
    let server = Server::start(&[]);
    runtime().block_on(async {
        let clients = (0..24i64).map(|i| {
            let server = &server;
            async move {
                let (client, _) = connect(server, None).await.expect("initialize");
                let sum = call_json(&client, call("add", json!({"a": i, "b": 1000}))).await;
                assert_eq!(sum["structuredContent"]["result"], i + 1000, "{sum}");
                let _ = client.cancel().await;
            }
        });
        tokio::time::timeout(
            Duration::from_secs(60),
            futures_util::future::join_all(clients),
        )
        .await
        .expect("every client is answered");
    });
}

#[test]
fn sync_tools_that_block_hold_up_no_other_call_and_their_time_limit_answers_them() {
    let config = tempfile::tempdir().expect("temp dir");
    let limits = config.path().join("limits.toml");
    std::fs::write(&limits, "tool_timeout_secs = 1\n").expect("config");
    let limits = limits.to_str().expect("a UTF-8 path");
    let server = Server::start_with_env(&[], &[("TACKLE_CONFIG", limits)]);
    // More calls that never return than the machine has cores: a sync
    // tool run on a thread the server's tasks wait on would leave none to
    // answer, whatever the runtime's number of workers.
    let blocked = std::thread::available_parallelism().map_or(2, |n| n.get()) + 1;
    for i in 0..blocked {
        // A FIFO with no writer: opening it blocks until one comes, forever.
        let made = Command::new("mkfifo")
            .arg(server.dir().join(format!("fifo{i}")))
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
    }
    runtime().block_on(async {
        let (client, _) = connect(&server, None).await.expect("initialize");
        let heads: Vec<_> = (0..blocked)
            .map(|i| {
                let client = client.peer().clone();
                tokio::spawn(async move {
                    let path = format!("fifo{i}");
                    client
                        .call_tool(call("head", json!({ "path": path })))
                        .await
                })
            })
            .collect();
        let answered = tokio::time::timeout(Duration::from_secs(30), async {
            let (other, _) = connect(&server, None).await.expect("initialize");
            let sum = call_json(&other, call("add", json!({"a": 1, "b": 2}))).await;
            (other, sum)
        });
        let (other, sum) = answered
            .await
            .expect("a session starts and is answered while the others block");
        assert_eq!(sum["structuredContent"]["result"], 3, "{sum}");
        for head in heads {
            let head = head
                .await
                .expect("the task runs")
                .expect("the call is answered");
            let head = serde_json::to_value(head).expect("a result serializes");
            assert_eq!(head["isError"], true, "{head}");
            assert_eq!(
                text(&head),
                "the tool `head` did not finish within 1 s (tool_timeout_secs), so it was cancelled"
            );
        }
        let _ = client.cancel().await;
        let _ = other.cancel().await;
    });
}

fn initialize_body() -> String {
    json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "raw", "version": "1"},
    }})
    .to_string()
}

/// A raw POST of `body`; `headers` are added (a `Host` among them replaces
/// the real one). The status and the body.
async fn post(server: &HttpServer, headers: &[(&str, &str)], body: String) -> (u16, String) {
    let mut request = reqwest::Client::new()
        .post(server.url())
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream");
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.body(body).send().await.expect("an answer");
    let status = response.status().as_u16();
    (status, response.text().await.unwrap_or_default())
}

#[test]
fn the_host_and_origin_are_checked_against_dns_rebinding() {
    let server = Server::start(&[
        "--allow-host",
        "mcp.example",
        "--allow-origin",
        "https://app.example:443",
    ]);
    let port = server.port().to_owned();
    runtime().block_on(async {
        // A name that resolves to this machine but is not ours: refused.
        let (status, body) = post(
            &server,
            &[("host", &format!("evil.example:{port}"))],
            initialize_body(),
        )
        .await;
        assert_eq!(status, 403, "{body}");
        assert!(body.contains("Host header is not allowed"), "{body}");
        // The right name on another port is not ours either.
        let (status, _) = post(&server, &[("host", "localhost:1")], initialize_body()).await;
        assert_eq!(status, 403);
        // The loopback names with the port, and what was added, are.
        for host in [
            format!("localhost:{port}"),
            format!("127.0.0.1:{port}"),
            "mcp.example".to_owned(),
        ] {
            let (status, body) = post(&server, &[("host", &host)], initialize_body()).await;
            assert_eq!(status, 200, "Host {host}: {body}");
        }
        // A web page elsewhere: its Origin is refused.
        let (status, body) = post(
            &server,
            &[("origin", "http://evil.example")],
            initialize_body(),
        )
        .await;
        assert_eq!(status, 403, "{body}");
        assert!(body.contains("Origin header is not allowed"), "{body}");
        for origin in [
            format!("http://localhost:{port}"),
            "https://app.example".to_owned(),
        ] {
            let (status, body) = post(&server, &[("origin", &origin)], initialize_body()).await;
            assert_eq!(status, 200, "Origin {origin}: {body}");
        }
    });
}

#[test]
fn a_bearer_token_is_required_when_set() {
    let server = Server::start_with_env(
        &["--bearer-token-env", "MCP_TEST_TOKEN"],
        &[("MCP_TEST_TOKEN", "s3cret-token")],
    );
    runtime().block_on(async {
        for (headers, says) in [
            (vec![], "needs `Authorization: Bearer <token>`"),
            (
                vec![("authorization", "Bearer wrong")],
                "the bearer token is wrong",
            ),
            (
                vec![("authorization", "Bearer s3cret-token2")],
                "the bearer token is wrong",
            ),
            (
                vec![("authorization", "Basic s3cret-token")],
                "needs `Authorization: Bearer",
            ),
        ] {
            let mut request = reqwest::Client::new()
                .post(server.url())
                .header("content-type", "application/json")
                .header("accept", "application/json, text/event-stream");
            for (name, value) in &headers {
                request = request.header(*name, *value);
            }
            let response = request
                .body(initialize_body())
                .send()
                .await
                .expect("an answer");
            assert_eq!(response.status().as_u16(), 401, "{headers:?}");
            assert_eq!(
                response.headers()["www-authenticate"]
                    .to_str()
                    .expect("ASCII"),
                "Bearer realm=\"mcp\""
            );
            let body = response.text().await.expect("a body");
            assert!(body.contains(says), "{headers:?}: {body}");
        }
        assert!(
            connect(&server, None).await.is_err(),
            "a client without the token got in"
        );
        let (client, _) = connect(&server, Some("s3cret-token"))
            .await
            .expect("with the token");
        let sum = call_json(&client, call("add", json!({"a": 1, "b": 2}))).await;
        assert_eq!(sum["structuredContent"]["result"], 3, "{sum}");
        let _ = client.cancel().await;
    });
    // The token is never in the command line.
    let cmdline = std::fs::read(format!("/proc/{}/cmdline", server.pid())).unwrap_or_default();
    assert!(!String::from_utf8_lossy(&cmdline).contains("s3cret"));
}

#[test]
fn a_missing_token_variable_is_a_usage_error() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let output = isolated(HOST, &dir.path().join(".home"))
        .args([
            "mcp",
            "--http",
            "127.0.0.1:0",
            "--bearer-token-env",
            "MCP_TEST_NO_SUCH_VAR",
        ])
        .env_remove("MCP_TEST_NO_SUCH_VAR")
        .current_dir(dir.path())
        .output()
        .expect("an answer");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("$MCP_TEST_NO_SUCH_VAR is not set"),
        "{stderr}"
    );
}

#[test]
fn a_body_over_16_mib_is_answered_413() {
    let server = Server::start(&[]);
    runtime().block_on(async {
        let big = format!(
            "{{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{{\"pad\":\"{}\"}}}}",
            "x".repeat(16 * 1024 * 1024)
        );
        let (status, body) = post(&server, &[], big).await;
        assert_eq!(status, 413, "{body}");
        assert!(body.contains("exceeds 16777216 bytes"), "{body}");
        // And the server still serves.
        let (status, body) = post(&server, &[], initialize_body()).await;
        assert_eq!(status, 200, "{body}");
    });
}

/// A session opened by raw HTTP, so that nothing but what a test sends is
/// in flight (rmcp's client opens a standing GET stream whenever it likes).
struct RawSession {
    http: reqwest::Client,
    url: String,
    id: String,
}

impl RawSession {
    /// Initialized, its initialize request answered and read.
    async fn open(server: &HttpServer) -> RawSession {
        let mut session = RawSession {
            http: reqwest::Client::new(),
            url: server.url(),
            id: String::new(),
        };
        let initialized = session
            .send(serde_json::from_str(&initialize_body()).expect("JSON"))
            .await;
        session.id = initialized
            .headers()
            .get("mcp-session-id")
            .and_then(|v| v.to_str().ok())
            .expect("a session id")
            .to_owned();
        initialized.text().await.expect("the initialize result");
        let note = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
        assert_eq!(session.send(note).await.status().as_u16(), 202);
        session
    }

    /// POSTs `body`; the response once its head has come.
    async fn send(&self, body: Value) -> reqwest::Response {
        let mut request = self
            .http
            .post(&self.url)
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream")
            .header("mcp-protocol-version", "2025-06-18");
        if !self.id.is_empty() {
            request = request.header("mcp-session-id", &self.id);
        }
        request.body(body.to_string()).send().await.expect("a head")
    }

    /// Calls `wait`: the head comes at once, the body (the result) only
    /// when the call ends.
    async fn call_wait(&self, id: u64) -> reqwest::Response {
        let body = json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {"name": "wait", "arguments": {}}});
        let response = self.send(body).await;
        assert_eq!(response.status().as_u16(), 200, "call {id} was refused");
        response
    }
}

#[test]
fn a_request_over_the_in_flight_bound_is_answered_503_at_once() {
    let server = Server::start(&["--max-in-flight", "2"]);
    runtime().block_on(async {
        let session = RawSession::open(&server).await;
        // Two calls of `wait` hold both slots.
        let mut waiting = vec![session.call_wait(2).await, session.call_wait(3).await];
        let start = Instant::now();
        let (status, body) = post(&server, &[], initialize_body()).await;
        assert!(
            start.elapsed() < Duration::from_secs(2),
            "the refusal took {:?}",
            start.elapsed()
        );
        assert_eq!(status, 503, "{body}");
        assert!(body.contains("2 requests are in flight"), "{body}");
        // A slot freed (the client gave up on a call), a request is served.
        drop(waiting.pop());
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            let (status, body) = post(&server, &[], initialize_body()).await;
            if status == 200 {
                break;
            }
            assert_eq!(status, 503, "{body}");
            assert!(
                Instant::now() < deadline,
                "the freed slot was never taken back"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    });
}

#[test]
fn stateless_serves_each_post_on_its_own() {
    let server = Server::start(&["--stateless"]);
    runtime().block_on(async {
        let response = reqwest::Client::new()
            .post(server.url())
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream")
            .body(initialize_body())
            .send()
            .await
            .expect("an answer");
        assert_eq!(response.status().as_u16(), 200);
        assert!(response.headers().get("mcp-session-id").is_none());
        // Without a session, a call is served all the same.
        let (status, body) = post(
            &server,
            &[("mcp-protocol-version", "2025-06-18")],
            json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                "params": {"name": "echo", "arguments": {"text": "forbidden"}}})
            .to_string(),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert!(body.contains("mcpish forbids"), "{body}");
        // A method MCP does not have names what the server offers, as over stdio.
        let (status, body) = post(
            &server,
            &[("mcp-protocol-version", "2025-06-18")],
            json!({"jsonrpc": "2.0", "id": 3, "method": "frobnicate/now", "params": {}})
                .to_string(),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert!(
            body.contains("method not found: `frobnicate/now`; this server offers initialize, server/discover, ping, tools/list, tools/call, resources/list"),
            "{body}"
        );
    });
}

#[test]
fn a_session_has_an_id() {
    let server = Server::start(&[]);
    runtime().block_on(async {
        let response = reqwest::Client::new()
            .post(server.url())
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream")
            .body(initialize_body())
            .send()
            .await
            .expect("an answer");
        assert_eq!(response.status().as_u16(), 200);
        assert!(response.headers().get("mcp-session-id").is_some());
    });
}

#[test]
fn sigterm_answers_the_call_in_flight_then_exits() {
    let mut server = Server::start(&[]);
    let rt = runtime();
    // The call's head has come: the server has it in flight.
    let waiting = rt.block_on(async { RawSession::open(&server).await.call_wait(2).await });
    let code = server.terminate(Duration::from_secs(20));
    assert_eq!(code, Some(0), "stderr: {}", server.stderr());
    let body = rt
        .block_on(waiting.text())
        .expect("the call in flight is answered");
    // One SSE event: the call's result.
    let answer: Value = body
        .lines()
        .filter_map(|line| line.strip_prefix("data:"))
        .filter_map(|data| serde_json::from_str(data.trim()).ok())
        .find(|message: &Value| message["id"] == 2)
        .unwrap_or_else(|| panic!("no answer to the call in {body:?}"));
    let result = &answer["result"];
    assert_eq!(result["isError"], true, "{answer}");
    assert!(text(result).contains("cancelled"), "{answer}");
}

#[test]
fn oauth_protected_resource_metadata_names_the_authorization_servers() {
    let server = Server::start_with_env(
        &[
            "--bearer-token-env",
            "MCP_TEST_TOKEN",
            "--auth-server",
            "https://auth.example",
            "--auth-server",
            "https://backup-auth.example/tenant",
        ],
        &[("MCP_TEST_TOKEN", "s3cret-token")],
    );
    let base = format!("http://{}", server.addr);
    let expected_url = format!("{base}/.well-known/oauth-protected-resource/mcp");
    runtime().block_on(async {
        // Both forms, with no token: the metadata is how a client learns
        // where to get one.
        for path in [
            "/.well-known/oauth-protected-resource/mcp",
            "/.well-known/oauth-protected-resource",
        ] {
            let response = reqwest::get(format!("{base}{path}")).await.expect("an answer");
            assert_eq!(response.status().as_u16(), 200, "{path}");
            assert_eq!(
                response.headers()["content-type"],
                "application/json",
                "{path}"
            );
            let metadata: Value =
                serde_json::from_str(&response.text().await.expect("a body")).expect("JSON");
            assert_eq!(
                metadata,
                json!({
                    "resource": server.url(),
                    "authorization_servers": ["https://auth.example", "https://backup-auth.example/tenant"],
                    "bearer_methods_supported": ["header"],
                }),
                "{path}"
            );
        }
        // A request without the token is pointed to it.
        let refused = reqwest::Client::new()
            .post(server.url())
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream")
            .body(initialize_body())
            .send()
            .await
            .expect("an answer");
        assert_eq!(refused.status().as_u16(), 401);
        assert_eq!(
            refused.headers()["www-authenticate"].to_str().expect("ASCII"),
            format!("Bearer resource_metadata=\"{expected_url}\"")
        );
        // With the token, the server serves as ever.
        let (client, _) = connect(&server, Some("s3cret-token"))
            .await
            .expect("with the token");
        let sum = call_json(&client, call("add", json!({"a": 2, "b": 3}))).await;
        assert_eq!(sum["structuredContent"]["result"], 5, "{sum}");
        let _ = client.cancel().await;
    });
}

#[test]
fn the_resource_url_is_the_one_given_and_without_auth_servers_there_is_no_metadata() {
    let server = Server::start(&[
        "--no-auth",
        "--auth-server",
        "https://auth.example",
        "--resource-url",
        "https://tools.example/team/mcp",
    ]);
    let plain = Server::start(&[]);
    runtime().block_on(async {
        let body = reqwest::get(format!(
            "http://{}/.well-known/oauth-protected-resource/mcp",
            server.addr
        ))
        .await
        .expect("an answer")
        .text()
        .await
        .expect("a body");
        let metadata: Value = serde_json::from_str(&body).expect("JSON");
        assert_eq!(metadata["resource"], "https://tools.example/team/mcp");
        let none = reqwest::get(format!(
            "http://{}/.well-known/oauth-protected-resource/mcp",
            plain.addr
        ))
        .await
        .expect("an answer");
        assert_eq!(none.status().as_u16(), 404);
    });
}

#[test]
fn an_auth_server_that_is_not_a_url_is_a_usage_error() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let output = isolated(HOST, &dir.path().join(".home"))
        .args([
            "mcp",
            "--http",
            "127.0.0.1:0",
            "--auth-server",
            "auth.example",
        ])
        .current_dir(dir.path())
        .output()
        .expect("an answer");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("--auth-server: `auth.example` is not an http(s) URL"),
        "{stderr}"
    );
}

/// How long a raw read waits for the server at most: far beyond what any
/// answer here takes, so that only a server that never answers fails.
const PATIENCE: Duration = Duration::from_secs(30);

#[test]
fn seventy_stalled_bodies_leave_every_slot_to_complete_requests() {
    let server = Server::start(&[]);
    // Each declares a body and sends none: before, each held one of the 64
    // slots in flight while waiting for it, and everyone else got 503.
    let stalled: Vec<_> = (0..70).map(|_| server.stall("/mcp", "")).collect();
    // Time for the server to read their heads (no bound is measured).
    std::thread::sleep(Duration::from_millis(500));
    runtime().block_on(async {
        let session = RawSession::open(&server).await;
        let sum = session
            .send(json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                "params": {"name": "add", "arguments": {"a": 1, "b": 2}}}))
            .await;
        assert_eq!(sum.status().as_u16(), 200);
        let body = sum.text().await.expect("the result");
        assert!(body.contains("\"result\":3"), "{body}");
        let (status, body) = post(&server, &[], initialize_body()).await;
        assert_eq!(status, 200, "{body}");
    });
    drop(stalled);
}

#[test]
fn a_stalled_body_is_answered_408_and_frees_its_connection_and_slots() {
    use tackle_tests::http_server::{answer_head, closed_within};
    let server = Server::start(&["--request-timeout", "1", "--max-waiting-per-peer", "1"]);
    for _ in 0..2 {
        // The second finds the one slot for waiting bodies given back.
        let mut stalled = server.stall("/mcp", "");
        let head = answer_head(&mut stalled, PATIENCE);
        assert!(head.starts_with("HTTP/1.1 408"), "{head}");
        assert!(
            closed_within(&mut stalled, PATIENCE),
            "the connection stays open"
        );
    }
    runtime().block_on(async {
        let (status, body) = post(&server, &[], initialize_body()).await;
        assert_eq!(status, 200, "{body}");
    });
}

#[test]
fn an_address_past_its_bound_on_waiting_bodies_is_answered_429_and_complete_requests_are_not() {
    use tackle_tests::http_server::answer_head;
    let server = Server::start(&["--max-waiting-per-peer", "2"]);
    let held: Vec<_> = (0..2).map(|_| server.stall("/mcp", "")).collect();
    std::thread::sleep(Duration::from_millis(500));
    let mut third = server.stall("/mcp", "");
    let head = answer_head(&mut third, PATIENCE);
    assert!(head.starts_with("HTTP/1.1 429"), "{head}");
    assert!(
        head.to_ascii_lowercase().contains("retry-after: 1"),
        "{head}"
    );
    // From the same address, a request whose body comes with it.
    runtime().block_on(async {
        let (status, body) = post(&server, &[], initialize_body()).await;
        assert_eq!(status, 200, "{body}");
    });
    drop(held);
}

#[test]
fn connections_past_the_per_address_and_global_bounds_are_answered_503_and_closed() {
    use tackle_tests::http_server::{answer_head, closed_within};
    for flag in ["--max-connections-per-peer", "--max-connections"] {
        let server = Server::start(&[flag, "2"]);
        // Two connections open, sending nothing.
        let mut open: Vec<_> = (0..2)
            .map(|_| std::net::TcpStream::connect(&server.addr).expect("connects"))
            .collect();
        std::thread::sleep(Duration::from_millis(500));
        let mut third = std::net::TcpStream::connect(&server.addr).expect("connects");
        let head = answer_head(&mut third, PATIENCE);
        assert!(head.starts_with("HTTP/1.1 503"), "{flag}: {head}");
        assert!(closed_within(&mut third, PATIENCE), "{flag}");
        // One closed, a request is served.
        drop(open.pop());
        runtime().block_on(async {
            let deadline = Instant::now() + PATIENCE;
            loop {
                let answered = reqwest::Client::new()
                    .post(server.url())
                    .header("content-type", "application/json")
                    .header("accept", "application/json, text/event-stream")
                    .body(initialize_body())
                    .send()
                    .await;
                if answered.is_ok_and(|a| a.status() == 200) {
                    break;
                }
                assert!(Instant::now() < deadline, "{flag}: no slot came back");
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        });
    }
}

#[test]
fn a_connection_that_never_finishes_its_headers_is_closed_at_the_deadline() {
    use std::io::Write;
    use tackle_tests::http_server::closed_within;
    let server = Server::start(&["--request-timeout", "1"]);
    let mut half = std::net::TcpStream::connect(&server.addr).expect("connects");
    write!(
        half,
        "POST /mcp HTTP/1.1\r\nHost: {}\r\nContent-Ty",
        server.addr
    )
    .expect("writes");
    assert!(closed_within(&mut half, PATIENCE), "still open");
    // And one that sent nothing at all, or sits idle after a request.
    let mut idle = std::net::TcpStream::connect(&server.addr).expect("connects");
    assert!(closed_within(&mut idle, PATIENCE), "still open");
}

#[test]
fn with_a_token_a_request_without_it_is_refused_before_its_body_is_read() {
    use tackle_tests::http_server::answer_head;
    let server = Server::start_with_env(
        &["--bearer-token-env", "MCP_TEST_TOKEN"],
        &[("MCP_TEST_TOKEN", "s3cret-token")],
    );
    // The body never comes: only an answer made on the headers can come.
    for auth in ["", "Authorization: Bearer wrong\r\n"] {
        let mut stalled = server.stall("/mcp", auth);
        let head = answer_head(&mut stalled, PATIENCE);
        assert!(head.starts_with("HTTP/1.1 401"), "{auth:?}: {head}");
    }
    // And with a foreign Host, though the token is right.
    let mut foreign = server.stall(
        "/mcp",
        "Authorization: Bearer s3cret-token\r\nOrigin: http://evil.example\r\n",
    );
    let head = answer_head(&mut foreign, PATIENCE);
    assert!(head.starts_with("HTTP/1.1 403"), "{head}");
}

#[test]
fn idle_sessions_expire_and_their_requests_get_404() {
    let server = Server::start(&["--session-idle-timeout", "1"]);
    runtime().block_on(async {
        let session = RawSession::open(&server).await;
        let ping = json!({"jsonrpc": "2.0", "id": 9, "method": "ping"});
        let deadline = Instant::now() + PATIENCE;
        loop {
            tokio::time::sleep(Duration::from_millis(500)).await;
            let status = session.send(ping.clone()).await.status().as_u16();
            if status == 404 {
                break;
            }
            // Each ping is a message, which makes it busy again: the
            // session must be idle through a whole timeout to go.
            assert_eq!(status, 200);
            assert!(Instant::now() < deadline, "the idle session never expired");
            tokio::time::sleep(Duration::from_millis(1500)).await;
        }
    });
}

#[test]
fn past_max_sessions_an_idle_one_makes_room_and_when_every_one_is_busy_a_new_one_is_refused() {
    let server = Server::start(&["--max-sessions", "2"]);
    runtime().block_on(async {
        let first = RawSession::open(&server).await;
        let second = RawSession::open(&server).await;
        // Each listens on its standing GET stream: both busy.
        let listen = |session: &RawSession| {
            session
                .http
                .get(&session.url)
                .header("accept", "text/event-stream")
                .header("mcp-session-id", &session.id)
                .header("mcp-protocol-version", "2025-06-18")
                .send()
        };
        let first_stream = listen(&first).await.expect("a stream");
        assert_eq!(first_stream.status().as_u16(), 200);
        let second_stream = listen(&second).await.expect("a stream");
        assert_eq!(second_stream.status().as_u16(), 200);
        let (status, body) = post(&server, &[], initialize_body()).await;
        assert_eq!(status, 503, "{body}");
        let error: Value = serde_json::from_str(&body).expect("a JSON-RPC error");
        assert_eq!(error["id"], 1, "{error}");
        assert_eq!(error["error"]["code"], -32000, "{error}");
        assert!(
            error["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("2 sessions, the most it takes")),
            "{error}"
        );
        // The second stops listening: it is idle, and its place is taken.
        drop(second_stream);
        let deadline = Instant::now() + PATIENCE;
        loop {
            let (status, body) = post(&server, &[], initialize_body()).await;
            if status == 200 {
                break;
            }
            assert_eq!(status, 503, "{body}");
            assert!(Instant::now() < deadline, "no room was made");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let ping = json!({"jsonrpc": "2.0", "id": 9, "method": "ping"});
        assert_eq!(second.send(ping.clone()).await.status().as_u16(), 404);
        assert_eq!(first.send(ping).await.status().as_u16(), 200);
        drop(first_stream);
    });
}

#[test]
fn malformed_messages_get_a_json_rpc_error() {
    let server = Server::start(&[]);
    runtime().block_on(async {
        for (content_type, body, status, code, id) in [
            ("application/json", "not json", 400, -32700, Value::Null),
            (
                "application/json",
                "{\"jsonrpc\": \"2.0\", \"id\": 4",
                400,
                -32700,
                Value::Null,
            ),
            (
                "application/json",
                "[{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ping\"}]",
                400,
                -32600,
                Value::Null,
            ),
            (
                "application/json",
                "{\"hello\": 1}",
                400,
                -32600,
                Value::Null,
            ),
            (
                "application/json",
                "{\"jsonrpc\": \"2.0\", \"id\": 5, \"method\": \"initialize\", \"params\": \"x\"}",
                400,
                -32600,
                Value::from(5),
            ),
            (
                "text/plain",
                initialize_body().as_str(),
                415,
                -32600,
                Value::Null,
            ),
        ] {
            let response = reqwest::Client::new()
                .post(server.url())
                .header("content-type", content_type)
                .header("accept", "application/json, text/event-stream")
                .body(body.to_owned())
                .send()
                .await
                .expect("an answer");
            assert_eq!(response.status().as_u16(), status, "{body}");
            assert_eq!(
                response.headers()["content-type"],
                "application/json",
                "{body}"
            );
            let error: Value =
                serde_json::from_str(&response.text().await.expect("a body")).expect("JSON");
            assert_eq!(error["jsonrpc"], "2.0", "{error}");
            assert_eq!(error["error"]["code"], code, "{body}: {error}");
            assert_eq!(error["id"], id, "{body}: {error}");
        }
        // And the server goes on.
        let (status, body) = post(&server, &[], initialize_body()).await;
        assert_eq!(status, 200, "{body}");
    });
}

/// `mcp --http` with `args`: its exit code and stderr, or `None` when it
/// was still serving after a while (and was stopped).
fn start_refused(args: &[&str]) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().expect("a temp dir");
    let mut child = isolated(HOST, &dir.path().join(".home"))
        .arg("mcp")
        .args(args)
        .current_dir(dir.path())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("starts");
    let deadline = Instant::now() + PATIENCE;
    let code = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status.code();
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut stderr = String::new();
    if let Some(mut pipe) = child.stderr.take() {
        let _ = std::io::Read::read_to_string(&mut pipe, &mut stderr);
    }
    (code, stderr)
}

#[test]
fn an_auth_server_without_a_token_is_refused_unless_no_auth_says_so() {
    let (code, stderr) = start_refused(&[
        "--http",
        "127.0.0.1:0",
        "--auth-server",
        "https://auth.example",
    ]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("without --bearer-token-env no token is checked"),
        "{stderr}"
    );
    assert!(stderr.contains("--no-auth"), "{stderr}");
    // `--no-auth` with a token is a contradiction.
    let (code, stderr) = start_refused(&[
        "--http",
        "127.0.0.1:0",
        "--no-auth",
        "--bearer-token-env",
        "HOME",
    ]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("cannot be used with"), "{stderr}");
}

#[test]
fn a_bind_beyond_loopback_without_a_token_is_refused() {
    let (code, stderr) = start_refused(&["--http", "0.0.0.0:0"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("beyond this machine"), "{stderr}");
    assert!(stderr.contains("--no-auth"), "{stderr}");
}

/// A balancer's checks: `/healthz` and `/readyz` answer without the token
/// and whatever the `Host` (a balancer checks a replica by its own
/// address), saying that the server serves and its session store is the
/// process's own; while it stops, `/healthz` is 503 so the balancer takes
/// it out.
#[test]
fn healthz_and_readyz_answer_a_balancer_without_the_token() {
    let mut server = Server::start_with_env(
        &["--bearer-token-env", "TOKEN"],
        &[("TOKEN", "a-token-of-the-team")],
    );
    for path in ["/healthz", "/readyz"] {
        let (status, body) = raw_get(&server.addr, path, "replica-3.internal:9000");
        assert_eq!(status, 200, "{path}: {body}");
        let report: Value = serde_json::from_str(&body).expect("JSON");
        assert_eq!(
            report,
            json!({"status": "serving", "store": {"reachable": true}})
        );
    }
    // The rest of the server still wants its token.
    let (status, _) = raw_get(&server.addr, "/mcp", &server.addr);
    assert_eq!(status, 401);
    assert_eq!(server.terminate(Duration::from_secs(20)), Some(0));
}

/// `GET path` with `Host: host` over a plain socket: the status and body.
fn raw_get(addr: &str, path: &str, host: &str) -> (u16, String) {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(addr).expect("connects");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("a timeout");
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )
    .expect("writes");
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = answer
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default();
    (status, body)
}
