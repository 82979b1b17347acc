//! Resources, prompts and completions of the in-process MCP server beyond
//! listing and reading: the changes a plugin tells reach the sessions that
//! subscribed, and plugin code that blocks (a resource, a prompt, a
//! completion, a slash command served as a prompt, a tool no hook watches)
//! is answered within the limit, and stopped when the client cancels it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tackle_runtime::Host;
use tackle_tests::mcp::Client;

tackle_runtime::link!(mcpish);

// A slash command that blocks its thread, served as the prompt `doze`; a
// resource and tools that block, with no hook of their own.
tackle::plugin! { id: "sleepy", description: "A command, a resource and tools that block." }

/// Whether `hang` started, and whether its future was dropped.
static HANG_STARTED: AtomicBool = AtomicBool::new(false);
static HANG_DROPPED: AtomicBool = AtomicBool::new(false);

/// Whether `linger` started, and whether its future was dropped.
static LINGER_STARTED: AtomicBool = AtomicBool::new(false);
static LINGER_DROPPED: AtomicBool = AtomicBool::new(false);

/// Sets its flag when the future holding it is dropped.
struct OnDrop(&'static AtomicBool);

impl Drop for OnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

/// Never answers.
#[tackle::resource("sleepy://hang")]
async fn hang() -> String {
    let _dropped = OnDrop(&HANG_DROPPED);
    HANG_STARTED.store(true, Ordering::SeqCst);
    std::future::pending::<String>().await
}

/// Blocks its thread for `seconds` (a tool that cannot see its call).
#[tackle::tool]
fn nap(seconds: u64) -> String {
    std::thread::sleep(Duration::from_secs(seconds));
    format!("napped {seconds} s")
}

/// Never answers (a tool that cannot see its call).
#[tackle::tool]
async fn linger() -> String {
    let _dropped = OnDrop(&LINGER_DROPPED);
    LINGER_STARTED.store(true, Ordering::SeqCst);
    std::future::pending::<String>().await
}

/// Blocks its thread for `seconds`.
#[tackle::command]
fn doze(
    /// How long.
    #[positional]
    seconds: u64,
) -> String {
    std::thread::sleep(Duration::from_secs(seconds));
    format!("dozed {seconds} s")
}

async fn host(config: &str) -> Arc<Host> {
    Arc::new(
        Host::builder()
            .agent_dir(env!("CARGO_MANIFEST_DIR"))
            .config_toml(config, "test.toml")
            .build()
            .await
            .expect("host builds"),
    )
}

const CLOSE: Duration = Duration::from_secs(10);

/// The next notification of `method` the client gets, past any other
/// message (kept in `seen`): the first one seen while it waited for an
/// answer, if any.
async fn next_notification(client: &mut Client, method: &str) -> Value {
    if let Some(at) = client.seen.iter().position(|m| m["method"] == method) {
        return client.seen.remove(at);
    }
    loop {
        let message = client.recv().await;
        if message["method"] == method {
            return message;
        }
        client.seen.push(message);
    }
}

#[tokio::test]
async fn a_subscribed_session_is_told_of_updates_and_every_session_of_list_changes() {
    let host = host("").await;
    let mut a = Client::ready(host.clone(), "a", json!({})).await;
    let mut b = Client::ready(host.clone(), "b", json!({})).await;

    let init = {
        let mut c = Client::start(host.clone(), "c").await;
        let init = c
            .request(
                "initialize",
                json!({"protocolVersion": "2025-11-25", "capabilities": {},
                    "clientInfo": {"name": "c", "version": "0"}}),
            )
            .await;
        c.close(CLOSE).await;
        init
    };
    let resources = &init["result"]["capabilities"]["resources"];
    assert_eq!(resources["subscribe"], true, "{init}");
    assert_eq!(resources["listChanged"], true, "{init}");

    let subscribed = a
        .request("resources/subscribe", json!({"uri": "mcpish://notes/todo"}))
        .await;
    assert_eq!(subscribed["result"], json!({}), "{subscribed}");

    // B changes a note A did not subscribe to, then the one it did (and
    // says it is new): A is told of the second alone, then of the list.
    let touched = b.call("touch", json!({"name": "other"})).await;
    assert_eq!(touched["content"][0]["text"], "touched other", "{touched}");
    b.call("touch", json!({"name": "todo", "new": true})).await;
    let updated = next_notification(&mut a, "notifications/resources/updated").await;
    assert_eq!(
        updated["params"],
        json!({"uri": "mcpish://notes/todo"}),
        "the first update A gets is of the URI it subscribed to: {updated}"
    );
    next_notification(&mut a, "notifications/resources/list_changed").await;

    // B subscribed to nothing: the list changed, but no update came.
    next_notification(&mut b, "notifications/resources/list_changed").await;
    let last = b
        .request("resources/subscribe", json!({"uri": "mcpish://notes/last"}))
        .await;
    assert_eq!(last["result"], json!({}), "{last}");
    a.call("touch", json!({"name": "last"})).await;
    let updated = next_notification(&mut b, "notifications/resources/updated").await;
    assert_eq!(
        updated["params"]["uri"], "mcpish://notes/last",
        "B's first update is of its own subscription, none of `todo` came before: {updated}"
    );

    // Unsubscribed, A is told no more.
    a.request(
        "resources/unsubscribe",
        json!({"uri": "mcpish://notes/todo"}),
    )
    .await;
    a.request("resources/subscribe", json!({"uri": "mcpish://notes/next"}))
        .await;
    b.call("touch", json!({"name": "todo"})).await;
    b.call("touch", json!({"name": "next"})).await;
    let updated = next_notification(&mut a, "notifications/resources/updated").await;
    assert_eq!(updated["params"]["uri"], "mcpish://notes/next", "{updated}");

    a.close(CLOSE).await;
    b.close(CLOSE).await;
}

#[tokio::test]
async fn outside_any_session_a_change_is_told_to_no_one() {
    let host = host("").await;
    // No MCP server runs: the call that tells of changes still answers.
    let result = tackle_runtime::CallInfo::new(env!("CARGO_MANIFEST_DIR"));
    let said = host
        .call_tool("touch", json!({"name": "todo", "new": true}), result)
        .await
        .expect("the call runs");
    assert_eq!(said.text_content(), "touched todo");
    // A listener that starts afterwards sees none of it.
    let mut changes = host.resource_changes();
    assert!(changes.try_recv().is_err(), "a change told before was kept");
}

/// A request for plugin code that blocks its thread for 3 s (past the limit of 1 s).
fn blocking(method: &str) -> (&'static str, Value) {
    match method {
        "resources/read" => ("resources/read", json!({"uri": "mcpish://slow/3"})),
        "prompts/get" => (
            "prompts/get",
            json!({"name": "stall", "arguments": {"seconds": "3"}}),
        ),
        "command" => (
            "prompts/get",
            json!({"name": "doze", "arguments": {"arguments": "3"}}),
        ),
        _ => (
            "completion/complete",
            json!({"ref": {"type": "ref/prompt", "name": "stall"},
                "argument": {"name": "seconds", "value": "3"}}),
        ),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn plugin_code_that_blocks_is_answered_at_the_limit_and_the_server_goes_on() {
    let host = host("tool_timeout_secs = 1\n").await;
    let mut client = Client::ready(host, "limits", json!({})).await;
    for (method, what) in [
        ("resources/read", "reading `mcpish://slow/3`"),
        ("prompts/get", "the prompt `stall`"),
        (
            "completion/complete",
            "completing `seconds` of the prompt `stall`",
        ),
        ("command", "the command `/doze`"),
    ] {
        let started = Instant::now();
        let (method, params) = blocking(method);
        let answer = client.request(method, params).await;
        let took = started.elapsed();
        let message = answer["error"]["message"].as_str().unwrap_or_default();
        assert_eq!(
            message,
            format!(
                "{what} did not answer within 1 s (tool_timeout_secs), so the request was given up"
            ),
            "{method}: {answer}"
        );
        assert!(
            took < Duration::from_secs(10),
            "{method} was answered after {took:?}"
        );
        // Meanwhile the server answers at once.
        let read = client
            .request("resources/read", json!({"uri": "mcpish://notes/todo"}))
            .await;
        assert_eq!(read["result"]["contents"][0]["text"], "note todo", "{read}");
    }
    // Code that finishes within the limit answers as ever.
    let quick = client
        .request("resources/read", json!({"uri": "mcpish://slow/0"}))
        .await;
    assert_eq!(
        quick["result"]["contents"][0]["text"], "slept 0 s",
        "{quick}"
    );
    let dozed = client
        .request(
            "prompts/get",
            json!({"name": "doze", "arguments": {"arguments": "0"}}),
        )
        .await;
    assert_eq!(
        dozed["result"]["messages"][0]["content"]["text"], "dozed 0 s",
        "{dozed}"
    );
    client.close(CLOSE).await;
}

/// Polls `flag` for up to 5 s.
async fn raised(flag: &AtomicBool) -> bool {
    let deadline = Instant::now() + Duration::from_secs(5);
    while !flag.load(Ordering::SeqCst) {
        if Instant::now() > deadline {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    true
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_read_is_stopped_and_the_server_goes_on() {
    let host = host("").await;
    let mut client = Client::ready(host, "cancel", json!({})).await;
    client
        .send(
            json!({"jsonrpc": "2.0", "id": "hang", "method": "resources/read",
            "params": {"uri": "sleepy://hang"}}),
        )
        .await;
    assert!(raised(&HANG_STARTED).await, "the read did not start");
    assert!(!HANG_DROPPED.load(Ordering::SeqCst));
    client
        .send(
            json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
            "params": {"requestId": "hang", "reason": "no longer needed"}}),
        )
        .await;
    assert!(
        raised(&HANG_DROPPED).await,
        "the cancelled read was not stopped"
    );
    let ping = client.request("ping", json!({})).await;
    assert_eq!(ping["result"], json!({}), "{ping}");
    client.close(CLOSE).await;
}

/// `sleepy` alone: no hook or rule at a tool call's points, and tools that
/// take no `&ToolContext`, so the server calls them without the hooks.
const PLAIN: &str = "enabled = [\"sleepy\"]\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_plain_tool_that_blocks_is_answered_at_its_limit_and_the_server_goes_on() {
    let host = host(&format!("{PLAIN}tool_timeout_secs = 1\n")).await;
    assert!(!host.watches_tool_calls());
    assert!(!host.tool("nap").expect("linked").reads_call);
    let mut client = Client::ready(host, "plain-limit", json!({})).await;
    let started = Instant::now();
    let answer = client.call("nap", json!({"seconds": 6})).await;
    let took = started.elapsed();
    assert_eq!(answer["isError"], true, "{answer}");
    assert_eq!(
        answer["content"][0]["text"],
        "the tool `nap` did not finish within 1 s (tool_timeout_secs), so it was cancelled",
        "{answer}"
    );
    // Answered at the limit, while the tool still sleeps.
    assert!(took < Duration::from_secs(5), "answered after {took:?}");
    // Meanwhile the server answers at once.
    let quick = client.call("nap", json!({"seconds": 0})).await;
    assert_eq!(quick["content"][0]["text"], "napped 0 s", "{quick}");
    assert_eq!(quick["isError"], false, "{quick}");
    client.close(CLOSE).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_plain_call_is_dropped_and_the_server_goes_on() {
    let host = host(PLAIN).await;
    assert!(!host.watches_tool_calls());
    let mut client = Client::ready(host, "plain-cancel", json!({})).await;
    client
        .send(
            json!({"jsonrpc": "2.0", "id": "linger", "method": "tools/call",
            "params": {"name": "linger", "arguments": {}}}),
        )
        .await;
    assert!(raised(&LINGER_STARTED).await, "the call did not start");
    assert!(!LINGER_DROPPED.load(Ordering::SeqCst));
    client
        .send(
            json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
            "params": {"requestId": "linger", "reason": "no longer needed"}}),
        )
        .await;
    assert!(
        raised(&LINGER_DROPPED).await,
        "the cancelled call was not dropped"
    );
    let ping = client.request("ping", json!({})).await;
    assert_eq!(ping["result"], json!({}), "{ping}");
    assert!(
        client.seen.iter().all(|m| m["id"] != "linger"),
        "a cancelled request is not answered: {:?}",
        client.seen
    );
    client.close(CLOSE).await;
}
