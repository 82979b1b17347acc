//! The policy server as a fleet: three replicas of `tackle-fleet-host mcp
//! --http` behind a real haproxy (round robin, health checks), sharing a
//! real Redis session store, each started on a loopback port the kernel
//! picks (`scripts/install-fleet.sh` installs Debian's `redis-server` and
//! `haproxy`). Hook events reach a different replica each time, and the
//! session values (the doom-loop's streak, read-before-edit's reads) hold
//! across them; a replica killed under load, a store stopped and
//! restarted, and two plugin versions side by side lose nothing.

use std::time::Duration;

use serde_json::{Value, json};
use tackle_tests::haproxy::{Front, Haproxy};
use tackle_tests::http_server::HttpServer;

/// guard (fail-closed), doom-loop, read-before-edit, and mcpish.
const HOST: &str = env!("CARGO_BIN_EXE_tackle-fleet-host");

/// The key every replica seals MCP calls' state with.
const STATE_KEY: (&str, &str) = (
    "TACKLE_STATE_KEY",
    "the fleet's shared state key, of at least 32 characters",
);

/// Three replicas, each told the balancer's name, with `args` added.
fn replicas(front: &Front, args: &[&str], env: &[(&str, &str)]) -> Vec<HttpServer> {
    let mut all_args = vec!["--allow-host", &front.addr, "--state-key-env", STATE_KEY.0];
    all_args.extend_from_slice(args);
    let mut all_env = vec![STATE_KEY];
    all_env.extend_from_slice(env);
    (0..3)
        .map(|_| HttpServer::start(HOST, &all_args, &all_env))
        .collect()
}

fn addrs(replicas: &[HttpServer]) -> Vec<String> {
    replicas.iter().map(|r| r.addr.clone()).collect()
}

/// A runtime for the tests' requests.
fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

/// A POST of JSON `body` to `url` with `headers`, bounded (a hung fleet
/// fails the test, it does not hang it): the status, the headers, the body.
async fn post(
    url: &str,
    headers: &[(&str, &str)],
    body: &Value,
) -> (u16, reqwest::header::HeaderMap, String) {
    let mut request = reqwest::Client::new()
        .post(url)
        .timeout(Duration::from_secs(30))
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream");
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request
        .body(body.to_string())
        .send()
        .await
        .unwrap_or_else(|e| panic!("no answer from {url}: {e}"));
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    (status, headers, response.text().await.unwrap_or_default())
}

/// An older MCP client's session (protocol 2025-06-18) through `url`: its
/// `initialize`, then `calls` more requests in the session; how many of
/// them were answered with the tools.
async fn older_client_session(url: &str, calls: u64) -> u64 {
    let version = ("mcp-protocol-version", "2025-06-18");
    let (status, headers, _) = post(
        url,
        &[version],
        &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "older", "version": "1"}}}),
    )
    .await;
    assert_eq!(status, 200);
    let id = headers
        .get("mcp-session-id")
        .and_then(|v| v.to_str().ok())
        .expect("a session id")
        .to_owned();
    let session = ("mcp-session-id", id.as_str());
    post(
        url,
        &[version, session],
        &json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
    )
    .await;
    let mut answered = 0;
    for n in 0..calls {
        let (status, _, body) = post(
            url,
            &[version, session],
            &json!({"jsonrpc": "2.0", "id": 10 + n, "method": "tools/list"}),
        )
        .await;
        if status == 200 && body.contains("interview") {
            answered += 1;
        }
    }
    answered
}

/// Older MCP clients keep a session in the replica that opened it: behind
/// a plain round robin their later requests reach replicas that do not
/// know the session; with the guide's `stick` rule on `Mcp-Session-Id`,
/// every one reaches the right replica.
#[test]
fn older_clients_sessions_need_the_balancers_stick_rule_and_work_with_it() {
    let front = Front::bind();
    let fleet = replicas(&front, &[], &[]);
    let plain = Haproxy::start(front, &addrs(&fleet), "");
    let url = format!("http://{}/mcp", plain.addr);
    let answered = runtime().block_on(older_client_session(&url, 6));
    assert!(
        answered < 6,
        "round robin alone kept the session: {answered}"
    );
    drop(plain);

    let front = Front::bind();
    let fleet = replicas(&front, &[], &[]);
    let sticky = Haproxy::start(
        front,
        &addrs(&fleet),
        "    stick-table type string len 64 size 100k expire 30m\n    stick on req.hdr(mcp-session-id)\n    stick store-response res.hdr(mcp-session-id)\n",
    );
    let url = format!("http://{}/mcp", sticky.addr);
    let answered = runtime().block_on(older_client_session(&url, 6));
    assert_eq!(answered, 6, "{}", sticky.log());
}
