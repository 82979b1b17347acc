//! Faults on every path: hooks and tools that panic, fail or hang, in
//! process (`Host`), in the hook command (a process per event) and in the
//! MCP server. The process survives, a hook's failure follows its
//! `on_error`, and the caller gets a result that says what failed; and no
//! observer event is lost when 1,000 sessions dispatch at once.
//!
//! The matrix, path × fault × `on_error`, with the test proving each cell
//! (tests in other files are cited, not repeated):
//!
//! | path        | fault                  | proven by |
//! |-------------|------------------------|-----------|
//! | in process  | sync hook panics/errors, open and closed | `hooks_fail_open_or_closed_in_process` (here); `hooks.rs`: `failing_open_hooks_abstain_and_are_reported`, `failing_closed_hooks_deny_naming_the_hook` |
//! | in process  | async hook panics/errors/hangs, open and closed | `hooks_fail_open_or_closed_in_process` (here); `hooks.rs`: `slow_async_hooks_time_out_open_or_closed` |
//! | in process  | observer panics or errors | `hooks.rs`: `every_observer_runs_even_after_one_fails`; `a_thousand_sessions_lose_no_observer_event` (here) |
//! | in process  | tool panics / errors   | `host.rs`: `panics_become_tool_errors_and_the_host_keeps_working`, `tool_errors_reach_the_model_verbatim` |
//! | in process  | tool hangs             | `a_hanging_tool_is_bounded_by_its_caller_in_process` (here) |
//! | in process  | command panics / errors | `commands.rs`: `failures_and_panics_are_errors_not_crashes` |
//! | in process  | plugin state fails/panics/hangs at start | `host.rs`: `a_state_that_fails_or_panics_switches_off_only_its_plugin`, `a_state_that_does_not_start_in_time_is_switched_off` |
//! | hook command | sync and async hook panics/errors, async hangs, open and closed | `the_hook_command_follows_on_error_and_names_the_hook` (here) |
//! | hook command | bad input with and without a fail-closed hook | `agent_hooks_edges.rs`: `bad_input_is_refused_when_a_fail_closed_hook_was_to_see_it` |
//! | hook command | a panic outside any hook (a plugin's config code) | `a_panic_in_the_hook_command_refuses_what_a_fail_closed_hook_guards` (here) |
//! | MCP server  | sync and async hook panics/errors, async hangs, open and closed | `mcp_hooks_follow_on_error` (here) |
//! | MCP server  | tool panics / errors   | `mcp_tools_that_fail_are_is_error_results` (here); `mcp.rs`: `calls_give_structured_output_and_errors_as_results` |
//! | MCP server  | tool hangs             | `the_config_s_time_limit_ends_a_hanging_mcp_call_with_a_clear_result`, `a_hanging_mcp_call_blocks_nothing_else_and_ends_with_the_session`, `the_mcp_process_survives_failing_tools_and_hooks_and_a_hang` (here, the second as a process); `mcp.rs`: `a_cancelled_tool_that_does_not_stop_is_dropped_after_its_grace` |
//!
//! The fixture plugin `faults` (`faults/plugin.rs`) is included here and in
//! the `tackle-fault-host` binary.

// `plugin!` must be at the crate root: the plugin is included, not a module.
include!("faults/plugin.rs");

use std::collections::BTreeMap;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::json;
use tackle::Cancellation;
use tackle::hook::{
    AfterToolCall, BeforeToolCall, FailureKind, HookEvent, SessionEnd, SessionStart, Verdict,
};
use tackle_runtime::offload::MAX_STUCK_RUNS;
use tackle_runtime::{CallInfo, Host, Registry};
use tackle_tests::http_server::HttpServer;
use tackle_tests::mcp::{Client, Process, Runs, text};

const FAULT_HOST: &str = env!("CARGO_BIN_EXE_tackle-fault-host");

/// The faults the hooks play, and what each is reported as.
const FAULTS: [(&str, FailureKind, &str); 3] = [
    ("panic", FailureKind::Panic, "panicked"),
    ("error", FailureKind::Error, "failed"),
    ("hang", FailureKind::Timeout, "timed out"),
];

/// Every (hook, fault) cell: the async hooks play all three faults, the
/// sync ones all but `hang`. A hook's name says how it fails.
fn cells() -> Vec<(&'static str, &'static str, FailureKind, &'static str)> {
    let mut cells = Vec::new();
    for (fault, kind, said) in FAULTS {
        for hook in ["open", "closed", "open_sync", "closed_sync"] {
            if !(hook.ends_with("_sync") && fault == "hang") {
                cells.push((hook, fault, kind, said));
            }
        }
    }
    cells
}

async fn host() -> Host {
    let registry = Registry::global().expect("registry").only(&["faults"]);
    Host::builder()
        .registry(registry)
        .build()
        .await
        .expect("host builds")
}

fn probe_event(session: &str, arguments: Value) -> BeforeToolCall {
    BeforeToolCall {
        tool_name: "probe".into(),
        arguments,
        ..Default::default()
    }
    .in_session(session)
}

#[tokio::test]
async fn hooks_fail_open_or_closed_in_process() {
    let host = host().await;
    for (hook, fault, kind, said) in cells() {
        let mut arguments = json!({ hook: fault });
        if hook.starts_with("open") {
            arguments["closed"] = json!("allow");
        }
        let out = host.dispatch(probe_event("p", arguments)).await;
        let cell = format!("{hook} {fault}: {out:?}");
        assert_eq!(out.failures.len(), 1, "{cell}");
        assert_eq!(out.failures[0].kind, kind, "{cell}");
        assert_eq!(out.failures[0].hook.to_string(), format!("faults::{hook}"));
        if hook.starts_with("closed") {
            // Failing closed: a deny whose reason names the hook and the fault.
            let reason = out.deny_reason().unwrap_or_else(|| panic!("{cell}"));
            assert!(
                reason.contains(&format!("hook `faults::{hook}` {said} and fails closed")),
                "{cell}"
            );
        } else {
            // Failing open: the failure is reported and another hook decides.
            assert_eq!(out.verdict, Verdict::Allow, "{cell}");
        }
    }
}

#[tokio::test]
async fn a_hanging_tool_is_bounded_by_its_caller_in_process() {
    // `call_tool` has no time limit of its own: the caller's cancellation
    // stops a tool that listens, and dropping the call stops any async one.
    let host = host().await;
    let cancel = Cancellation::new();
    let call = host.call_tool(
        "hang_until_cancelled",
        json!({}),
        CallInfo::new(".").with_cancellation(cancel.clone()),
    );
    let canceller = async {
        tokio::time::sleep(Duration::from_millis(20)).await;
        cancel.cancel();
    };
    let (result, ()) = tokio::join!(call, canceller);
    let result = result.expect("callable");
    assert!(result.is_error, "{result:?}");
    assert_eq!(result.text_content(), "cancelled");

    let dropped = tokio::time::timeout(
        Duration::from_millis(50),
        host.call_tool("hang", json!({}), CallInfo::new(".")),
    )
    .await;
    assert!(dropped.is_err(), "the tool never returns");

    // The host still answers, and failing tools are results, not crashes.
    for (tool, text) in [
        ("probe", "the probe ran"),
        (
            "explode",
            "tool `explode` failed: it panicked: the tool exploded on purpose",
        ),
        ("refuse", "the tool refused on purpose"),
    ] {
        let result = host
            .call_tool(tool, json!({}), CallInfo::new("."))
            .await
            .expect("callable");
        assert_eq!(result.text_content(), text, "{tool}");
        assert_eq!(result.is_error, tool != "probe", "{tool}");
    }
}

/// The fault host with `args`, run in `dir` with none of the caller's
/// tackle settings, its stdin and stdout piped.
fn fault_host(args: &[&str], dir: &std::path::Path) -> Command {
    let mut command = Command::new(FAULT_HOST);
    command
        .args(args)
        .current_dir(dir)
        // The user's own folder, in the test's: its `tackle.toml` is the
        // user's layer, and session values stay out of the real home.
        .env("TACKLE_HOME", dir.join(".tackle-home"))
        .env_remove("TACKLE_TRUST_PROJECT")
        .env_remove("TACKLE_CONFIG")
        .env_remove("TACKLE_AGENT_DIR")
        .env_remove("TACKLE_LOG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped());
    command
}

/// One run of the hook command: exit code, stdout, stderr, how long.
fn hook_process(payload: &Value) -> (i32, String, String, Duration) {
    let dir = tempfile::tempdir().expect("tempdir");
    hook_process_in(payload, dir.path())
}

/// [`hook_process`] in `dir`, with the user's `tackle.toml` in
/// `dir/.tackle-home` if it has one.
fn hook_process_in(payload: &Value, dir: &std::path::Path) -> (i32, String, String, Duration) {
    hook_run(&["hook", "claude", "PreToolUse"], payload, dir)
}

/// One run of the fault host with `args` in `dir`, `payload` on its stdin:
/// exit code, stdout, stderr, how long. A process still running after a
/// minute (a hook the binary never stops) is killed and fails the test.
fn hook_run(
    args: &[&str],
    payload: &Value,
    dir: &std::path::Path,
) -> (i32, String, String, Duration) {
    let started = Instant::now();
    let mut child = fault_host(args, dir)
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn the fault host");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        stdin
            .write_all(payload.to_string().as_bytes())
            .expect("write the payload");
    }
    while child.try_wait().expect("waitable").is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("`{}` was still running after 60 s", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("wait");
    (
        out.status.code().expect("exited, not killed"),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        started.elapsed(),
    )
}

#[test]
fn the_hook_command_follows_on_error_and_names_the_hook() {
    for (key, fault, _, said) in cells() {
        let closed = key.starts_with("closed");
        let payload = json!({
            "session_id": "s",
            "hook_event_name": "PreToolUse",
            "tool_name": "probe",
            "tool_input": {key: fault},
        });
        let (code, stdout, stderr, took) = hook_process(&payload);
        let cell = format!("{fault} {key}: exit {code}, stdout {stdout:?}, stderr {stderr:?}");
        // Exit 0 either way: Claude reads the decision from stdout.
        assert_eq!(code, 0, "{cell}");
        assert!(took < Duration::from_secs(10), "{cell}: took {took:?}");
        assert!(
            stderr.contains(&format!("hook `faults::{key}` {said}")),
            "{cell}"
        );
        if closed {
            let reply: Value = serde_json::from_str(&stdout).expect("a JSON reply");
            let out = &reply["hookSpecificOutput"];
            assert_eq!(out["permissionDecision"], "deny", "{cell}");
            let reason = out["permissionDecisionReason"].as_str().unwrap_or_default();
            assert!(
                reason.contains(&format!("hook `faults::{key}` {said} and fails closed")),
                "{cell}"
            );
        } else {
            assert!(!stdout.contains("deny"), "{cell}");
        }
    }
}

/// The `faults` plugin's config, set to panic while it is read.
const PANICKING_CONFIG: &str = "[plugins.faults]\npanic_on_load = true\n";

#[tokio::test]
async fn a_panic_in_a_plugin_s_config_code_fails_the_plugin_in_process() {
    // The plugin's own `Deserialize` panics while the host is built: the
    // host still builds, the plugin is off, and its fail-closed hooks
    // refuse what they guard.
    let host = Host::builder()
        .registry(Registry::global().expect("registry").only(&["faults"]))
        .config_toml(PANICKING_CONFIG, "test.toml")
        .build()
        .await
        .expect("the host builds without the plugin");
    let out = host.dispatch(probe_event("p", json!({}))).await;
    let reason = out
        .deny_reason()
        .unwrap_or_else(|| panic!("not refused: {out:?}"));
    assert!(
        reason.contains("its config code panicked: the `faults` config panicked on purpose"),
        "{reason}"
    );
}

#[test]
fn a_panic_in_a_plugin_s_config_code_refuses_what_its_fail_closed_hooks_guard() {
    // The same in the hook command: `faults::closed` and
    // `faults::closed_sync` guard `probe`.
    let dir = tempfile::tempdir().expect("tempdir");
    let home = dir.path().join(".tackle-home");
    std::fs::create_dir_all(&home).expect("mkdir");
    std::fs::write(home.join("tackle.toml"), PANICKING_CONFIG).expect("write the config");
    let payload = json!({
        "session_id": "s",
        "hook_event_name": "PreToolUse",
        "tool_name": "probe",
        "tool_input": {},
    });
    let (code, stdout, stderr, _) = hook_process_in(&payload, dir.path());
    let said = format!("exit {code}, stdout {stdout:?}, stderr {stderr:?}");
    assert_eq!(code, 0, "{said}");
    let reply: Value = serde_json::from_str(&stdout).expect("a JSON reply");
    let out = &reply["hookSpecificOutput"];
    assert_eq!(out["permissionDecision"], "deny", "{said}");
    let reason = out["permissionDecisionReason"].as_str().unwrap_or_default();
    assert!(
        reason.contains("hook `faults::closed` failed and fails closed: its plugin `faults` is off because it failed to load"),
        "{said}"
    );
    assert!(
        reason.contains("its config code panicked: the `faults` config panicked on purpose"),
        "{said}"
    );
    // Its fail-open hooks did not run either: said, not left silent.
    assert!(
        stderr.contains("tackle: plugin `faults` failed to load (")
            && stderr.contains("did not run: `faults::open`, `faults::open_sync`"),
        "{said}"
    );
}

#[test]
fn a_hook_that_blocks_for_good_is_refused_before_the_agent_times_out() {
    // Gemini CLI lets a hook that times out through: the process refuses
    // on its own deadline, the event's budget (1 s for each of the three
    // sync hooks, 100 ms for each async one) plus half (2.5 s) the margin
    // export gives the agent.
    let dir = tempfile::tempdir().expect("tempdir");
    let payload = json!({
        "session_id": "s",
        "hook_event_name": "BeforeTool",
        "tool_name": "probe",
        "tool_input": {"closed_sync": "block"},
    });
    // Without the watchdog the process never ends: `hook_run` stops
    // waiting at a minute, long past the deadline.
    let (code, stdout, stderr, _) =
        hook_run(&["hook", "gemini", "BeforeTool"], &payload, dir.path());
    let said = format!("exit {code}, stdout {stdout:?}, stderr {stderr:?}");
    assert_eq!(code, 0, "{said}");
    let reply: Value = serde_json::from_str(&stdout).expect("one JSON reply");
    assert_eq!(reply["decision"], "deny", "{said}");
    let reason = reply["reason"].as_str().unwrap_or_default();
    assert!(
        reason.contains("its hooks did not answer within 5.7 s, the event's budget"),
        "{said}"
    );
    assert!(
        reason.contains("`faults::closed`, `faults::closed_sync` fails closed"),
        "{said}"
    );
}

/// POSTs one Claude Code `PreToolUse` of tool `tool` with `tool_input` to
/// `server`'s `/hooks`; its JSON answer.
fn post_hook(server: &HttpServer, tool: &str, tool_input: Value) -> Value {
    let body = json!({
        "session_id": "s",
        "cwd": server.dir(),
        "hook_event_name": "PreToolUse",
        "tool_name": tool,
        "tool_input": tool_input,
    });
    let (status, text) = http_post(
        &format!("http://{}/hooks/claude/PreToolUse", server.addr),
        &[],
        body.to_string(),
    );
    assert_eq!(status, 200, "{text}");
    serde_json::from_str::<Value>(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// A POST of JSON `body` to `url` with `headers`, waited on for at most
/// [`HANG`](tackle_tests::mcp::HANG) (a server that no longer answers
/// fails the test, it does not hang it); the status and the body.
fn http_post(url: &str, headers: &[(&str, &str)], body: String) -> (u16, String) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let mut request = reqwest::Client::new()
            .post(url)
            .timeout(tackle_tests::mcp::HANG)
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream");
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response = request
            .body(body)
            .send()
            .await
            .unwrap_or_else(|e| panic!("no answer from {url}: {e}"));
        let status = response.status().as_u16();
        (status, response.text().await.unwrap_or_default())
    })
}

/// The reason a Claude Code `PreToolUse` answer refuses with.
fn refusal(answer: &Value) -> &str {
    let specific = &answer["hookSpecificOutput"];
    assert_eq!(specific["permissionDecision"], "deny", "{answer}");
    specific["permissionDecisionReason"]
        .as_str()
        .unwrap_or_default()
}

/// A sync hook parked for good, served by `mcp --http`: the event is
/// refused once the hook is past its limit, naming it; later events keep
/// being decided (by the stuck hook's `on_error` where it would run, at
/// once once it holds its most threads), and the log names the hook.
#[test]
fn a_served_hook_that_blocks_for_good_is_refused_at_its_deadline_and_the_server_goes_on() {
    let server = HttpServer::start(FAULT_HOST, &[], &[]);
    for run in 1..=MAX_STUCK_RUNS {
        let parked = post_hook(&server, "probe", json!({"closed_sync": "block"}));
        let reason = refusal(&parked);
        assert!(
            reason.contains(
                "its hooks could not answer: `faults::closed_sync` did not return within 1.0 s, its limit: it is stuck"
            ) && reason.contains("fails closed"),
            "run {run}: {parked}"
        );
    }
    // Its most threads are held: the next event is refused at once, by
    // the hook's own `on_error`, without a thread.
    let held = post_hook(&server, "probe", json!({}));
    assert!(
        refusal(&held).contains(&format!(
            "hook `faults::closed_sync` is stuck and fails closed: `faults::closed_sync` is stuck: {MAX_STUCK_RUNS} earlier run(s) have not returned"
        )),
        "{held}"
    );
    // An event the stuck hook does not see is decided as ever.
    assert_eq!(post_hook(&server, "other", json!({})), json!({}));
    let log = server.stderr();
    assert!(
        log.contains("`faults::closed_sync` has not returned after")
            && log.contains("`faults::closed_sync` is stuck: 4 earlier run(s)"),
        "{log}"
    );
}

/// An `async fn` hook that blocks its thread (the mistake of calling
/// `std::fs` in one), served over HTTP: refused at its own 100 ms limit,
/// and the server answers everything else meanwhile.
#[test]
fn a_served_async_hook_that_blocks_its_thread_is_refused_at_its_limit() {
    let server = HttpServer::start(FAULT_HOST, &[], &[]);
    let parked = post_hook(&server, "probe", json!({"closed": "block"}));
    assert!(
        refusal(&parked).contains("`faults::closed` did not return within 0.1 s, its limit"),
        "{parked}"
    );
    // One stuck run leaves room for a probe of the hook: with nothing to
    // block on, it answers, and the call is let through.
    assert_eq!(post_hook(&server, "probe", json!({})), json!({}));
    assert_eq!(post_hook(&server, "other", json!({})), json!({}));
}

/// An `async fn` tool that reads a FIFO with `std::fs` blocks its thread:
/// over HTTP the server still answers pings, other calls and hook events,
/// answers the stuck call at its time limit, and stops on SIGTERM.
#[test]
#[cfg(unix)]
fn an_async_tool_that_blocks_its_thread_freezes_nothing_and_sigterm_still_stops_the_server() {
    let config = tempfile::NamedTempFile::new().expect("a config");
    std::fs::write(config.path(), "tool_timeout_secs = 2\n").expect("writes");
    let config_path = config.path().to_str().expect("utf-8");
    let mut server = HttpServer::start(FAULT_HOST, &["--stateless", "--config", config_path], &[]);
    let fifo = server.dir().join("never-written");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo runs")
            .success()
    );
    let url = server.url();
    let version = [("mcp-protocol-version", "2025-06-18")];
    let call = |id: u64, tool: &str, arguments: Value| {
        json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {"name": tool, "arguments": arguments}})
        .to_string()
    };
    let blocked = {
        let (url, body) = (
            url.clone(),
            call(
                1,
                "read_fifo",
                json!({"path": fifo.to_str().expect("utf-8")}),
            ),
        );
        std::thread::spawn(move || http_post(&url, &version, body))
    };
    // While it blocks its worker: a ping, another call and a hook event.
    std::thread::sleep(Duration::from_millis(200));
    let (status, body) = http_post(
        &url,
        &version,
        json!({"jsonrpc": "2.0", "id": 2, "method": "ping"}).to_string(),
    );
    assert_eq!(status, 200, "{body}");
    let (_, body) = http_post(&url, &version, call(3, "probe", json!({})));
    assert!(body.contains("the probe ran"), "{body}");
    assert_eq!(post_hook(&server, "other", json!({})), json!({}));
    // The time limit answers the blocked call.
    let (status, body) = blocked.join().expect("the caller");
    assert_eq!(status, 200, "{body}");
    assert!(
        body.contains("the tool `read_fifo` did not finish within 2 s (tool_timeout_secs)"),
        "{body}"
    );
    // Another blocked call in flight: SIGTERM still ends the server, within
    // its shutdown grace (10 s) and the call's limit.
    let (url2, body2) = (
        url.clone(),
        call(
            4,
            "read_fifo",
            json!({"path": fifo.to_str().expect("utf-8")}),
        ),
    );
    let _in_flight = std::thread::spawn(move || {
        let _ = std::panic::catch_unwind(|| http_post(&url2, &version, body2));
    });
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(server.terminate(Duration::from_secs(20)), Some(0));
}

/// Over MCP, a call whose hook blocks its thread for good is refused once
/// the hook is past its limit, naming it; the next call runs (the hook,
/// probed again, answers), and so do calls of other tools meanwhile.
#[test]
fn an_mcp_call_whose_hook_blocks_is_refused_at_the_hooks_limit() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut server = Process::spawn(fault_host(&["mcp"], dir.path()));
    server.send(
        &json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "faults", "version": "0"}}}),
    );
    assert!(server.answer(&json!(0)).get("result").is_some());
    server.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    let call = |id: u64, tool: &str, arguments: Value| {
        json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {"name": tool, "arguments": arguments}})
    };
    server.send(&call(1, "probe", json!({"open_sync": "block"})));
    server.send(&call(2, "explode", json!({})));
    let other = server.answer(&json!(2));
    assert!(text(&other["result"]).contains("it panicked"), "{other}");
    let refused = server.answer(&json!(1));
    assert_eq!(refused["result"]["isError"], true, "{refused}");
    assert_eq!(
        text(&refused["result"]),
        "the call of `probe` was refused: `faults::open_sync` did not return within 1.0 s, its limit: it is stuck"
    );
    server.send(&call(3, "probe", json!({})));
    assert_eq!(text(&server.answer(&json!(3))["result"]), "the probe ran");
}

/// On stdio, 64 calls whose tools block their threads for good do not
/// stop the server reading: the next request is read and answered.
#[test]
fn sixty_four_blocked_calls_do_not_stop_the_stdio_server_reading() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut server = Process::spawn(fault_host(&["mcp"], dir.path()));
    server.send(
        &json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "faults", "version": "0"}}}),
    );
    assert!(server.answer(&json!(0)).get("result").is_some());
    server.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    for id in 1..=64 {
        server.send(&json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {"name": "block", "arguments": {}}}));
    }
    server.send(&json!({"jsonrpc": "2.0", "id": 100, "method": "ping"}));
    assert_eq!(server.answer(&json!(100))["result"], json!({}));
    server.send(&json!({"jsonrpc": "2.0", "id": 101, "method": "tools/call",
        "params": {"name": "probe", "arguments": {}}}));
    assert_eq!(text(&server.answer(&json!(101))["result"]), "the probe ran");
}

/// A client of an MCP server on `host`, initialized./// A client of an MCP server on `host`, initialized.
async fn mcp_client(host: Host) -> Client {
    Client::ready(Arc::new(host), "faults", json!({})).await
}

#[tokio::test]
async fn mcp_hooks_follow_on_error() {
    let mut client = mcp_client(host().await).await;
    for (hook, fault, _, said) in cells() {
        let result = client.call("probe", json!({hook: fault})).await;
        let cell = format!("{hook} {fault}: {result}");
        if hook.starts_with("closed") {
            assert_eq!(result["isError"], true, "{cell}");
            assert!(
                text(&result).contains(&format!("hook `faults::{hook}` {said} and fails closed")),
                "{cell}"
            );
        } else {
            assert_eq!(result["isError"], false, "{cell}");
            assert_eq!(text(&result), "the probe ran", "{cell}");
        }
    }
    // A panicking observer changes nothing for the caller.
    let observed = client.call("probe", json!({"observer": "panic"})).await;
    assert_eq!(
        (observed["isError"].clone(), text(&observed)),
        (json!(false), "the probe ran".to_owned())
    );
    client.close(Duration::from_secs(10)).await;
}

#[tokio::test]
async fn mcp_tools_that_fail_are_is_error_results() {
    let mut client = mcp_client(host().await).await;
    let exploded = client.call("explode", json!({})).await;
    assert_eq!(exploded["isError"], true, "{exploded}");
    assert!(
        text(&exploded).contains("it panicked: the tool exploded on purpose"),
        "{exploded}"
    );
    let refused = client.call("refuse", json!({})).await;
    assert_eq!(refused["isError"], true, "{refused}");
    assert_eq!(text(&refused), "the tool refused on purpose");
    client.close(Duration::from_secs(10)).await;
}

// On the clock: the tools run on worker threads, which a paused clock does
// not advance past.
#[tokio::test]
async fn a_hanging_mcp_call_blocks_nothing_else_and_ends_with_the_session() {
    let mut client = mcp_client(host().await).await;
    // Two calls that never return on their own, one deaf to cancellation.
    for (id, tool) in [(50, "hang"), (51, "hang_until_cancelled")] {
        client
            .send(json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
                "params": {"name": tool, "arguments": {}}}))
            .await;
    }
    tokio::time::sleep(Duration::from_millis(50)).await;
    // The server answers what comes next while they wait.
    let next = client.call("probe", json!({})).await;
    assert_eq!(text(&next), "the probe ran");
    // A cancelled call that stops gets no answer, and the server goes on.
    client
        .send(
            json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
            "params": {"requestId": 51}}),
        )
        .await;
    let after = client.call("probe", json!({})).await;
    assert_eq!(text(&after), "the probe ran");
    // Closing the input ends the session even with `hang` still running:
    // with no time limit of its own, it has 5 s more, then it is cancelled
    // (2 s to stop) and answered.
    let closing = tokio::time::Instant::now();
    client.end_input().await;
    let hung = client.response(50).await;
    assert_eq!(hung["result"]["isError"], true, "{hung}");
    assert_eq!(
        text(&hung["result"]),
        "the tool `hang` was still running 5 s after the client closed its input, so it was cancelled (tool_timeout_secs gives calls a limit of their own)"
    );
    // Not before the limit; after it, within the 2 s grace and a loaded
    // machine's slack.
    let took = closing.elapsed();
    assert!(
        took >= tackle_runtime::mcp::SHUTDOWN_LIMIT
            && took <= tackle_runtime::mcp::SHUTDOWN_LIMIT + Duration::from_secs(10),
        "{took:?}"
    );
    client.close(Duration::from_secs(10)).await;
}

#[tokio::test]
async fn a_sync_tool_that_blocks_its_thread_holds_up_no_other_request() {
    let limited = Host::builder()
        .registry(Registry::global().expect("registry").only(&["faults"]))
        .config_toml("tool_timeout_secs = 1\n", "test.toml")
        .build()
        .await
        .expect("host builds");
    // On one thread of its own, as `<bin> mcp` runs: a sync tool run on
    // that thread would stop everything.
    let mut client =
        Client::start_with(Arc::new(limited), "faults", Runs::OwnThread, 1 << 20).await;
    client.initialize("faults", json!({})).await;
    client
        .send(json!({"jsonrpc": "2.0", "id": 60, "method": "tools/call",
            "params": {"name": "block", "arguments": {}}}))
        .await;
    let next = client.call("probe", json!({})).await;
    assert_eq!(text(&next), "the probe ran");
    // The limit answers the call; its thread stays blocked.
    let limited = client.response(60).await;
    assert_eq!(limited["result"]["isError"], true, "{limited}");
    assert_eq!(
        text(&limited["result"]),
        "the tool `block` did not finish within 1 s (tool_timeout_secs), so it was cancelled"
    );
    // A cancelled call is owed no answer: the end of input does not wait
    // for it, nor for the blocked threads.
    client
        .send(json!({"jsonrpc": "2.0", "id": 61, "method": "tools/call",
            "params": {"name": "block", "arguments": {}}}))
        .await;
    client
        .send(
            json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
            "params": {"requestId": 61}}),
        )
        .await;
    client.close(Duration::from_secs(30)).await;
    release_blocked();
}

#[tokio::test]
async fn the_config_s_time_limit_ends_a_hanging_mcp_call_with_a_clear_result() {
    let host = Host::builder()
        .registry(Registry::global().expect("registry").only(&["faults"]))
        .config_toml("tool_timeout_secs = 1\n", "test.toml")
        .build()
        .await
        .expect("host builds");
    let mut client = mcp_client(host).await;
    let started = tokio::time::Instant::now();
    // One tool stops when told, the other does not: both get the answer.
    for tool in ["hang_until_cancelled", "hang"] {
        let result = client.call(tool, json!({})).await;
        assert_eq!(result["isError"], true, "{result}");
        assert!(
            text(&result).contains(&format!(
                "the tool `{tool}` did not finish within 1 s (tool_timeout_secs)"
            )),
            "{result}"
        );
    }
    // 1 s each, plus at most the 2 s grace for the deaf one: 4 s, with
    // room for a loaded machine (without the limits they never end).
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
    let next = client.call("probe", json!({})).await;
    assert_eq!(text(&next), "the probe ran");
    client.close(Duration::from_secs(10)).await;
}

/// How many tool calls each session makes.
const CALLS: usize = 10;

/// What call `i` of session `s` asks of the hooks, and whether it is denied.
fn plan(s: usize, i: usize) -> (Value, bool) {
    match (s + i) % 6 {
        0 => (json!({"closed": "deny"}), true),
        1 => (json!({"closed": "panic"}), true),
        2 => (json!({"open": "panic", "observer": "panic"}), false),
        3 => (json!({"open": "error", "closed": "error"}), true),
        // A hang costs its 100 ms; a few sessions are enough.
        4 if s.is_multiple_of(100) => (json!({"open": "hang"}), false),
        _ => (json!({"observer": "panic"}), false),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_thousand_sessions_lose_no_observer_event() {
    const SESSIONS: usize = 1000;
    let host = Arc::new(host().await);
    let tasks: Vec<_> = (0..SESSIONS)
        .map(|s| {
            let host = host.clone();
            tokio::spawn(async move {
                let session = format!("crowd-{s}");
                let mut sent: BTreeMap<&str, u64> = BTreeMap::new();
                let start = host
                    .dispatch(SessionStart::default().in_session(&session))
                    .await;
                assert!(start.failures.is_empty(), "{start:?}");
                *sent.entry("session_start").or_default() += 1;
                for i in 0..CALLS {
                    let (arguments, denied) = plan(s, i);
                    let out = host
                        .dispatch(probe_event(&session, arguments.clone()))
                        .await;
                    *sent.entry("before_tool_call").or_default() += 1;
                    assert_eq!(out.is_denied(), denied, "{session} call {i}: {out:?}");
                    if !denied {
                        let after = AfterToolCall {
                            tool_name: "probe".into(),
                            arguments,
                            ..Default::default()
                        }
                        .in_session(&session);
                        host.dispatch(after).await;
                        *sent.entry("after_tool_call").or_default() += 1;
                    }
                    tokio::task::yield_now().await;
                }
                host.dispatch(SessionEnd::default().in_session(&session))
                    .await;
                *sent.entry("session_end").or_default() += 1;
                (session, sent)
            })
        })
        .collect();
    let started = Instant::now();
    let mut lost = Vec::new();
    let mut total = 0;
    for task in tasks {
        let (session, sent) = task.await.expect("the session task did not panic");
        for (point, count) in sent {
            total += count;
            let got = received(&session, point);
            if got != count {
                lost.push(format!("{session} {point}: sent {count}, received {got}"));
            }
        }
    }
    assert!(
        lost.is_empty(),
        "{} mismatches: {:?}",
        lost.len(),
        &lost[..lost.len().min(10)]
    );
    assert!(total >= (SESSIONS * (CALLS + 2)) as u64, "{total}");
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn the_mcp_process_survives_failing_tools_and_hooks_and_a_hang() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut server = Process::spawn(fault_host(&["mcp"], dir.path()));
    server.send(
        &json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "faults", "version": "0"}}}),
    );
    assert!(server.answer(&json!(0)).get("result").is_some());
    server.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    let call = |id: u64, tool: &str, arguments: Value| {
        json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {"name": tool, "arguments": arguments}})
    };
    server.send(&call(1, "hang", json!({})));
    server.send(&call(2, "explode", json!({})));
    server.send(&call(3, "probe", json!({"closed_sync": "panic"})));
    server.send(&call(4, "probe", json!({})));
    // A sync tool that never returns: it holds a thread of the pool, not
    // the server's.
    server.send(&call(5, "block", json!({})));
    server.send(&call(6, "probe", json!({})));
    // Answers come in any order.
    let exploded = server.answer(&json!(2));
    assert_eq!(exploded["result"]["isError"], true, "{exploded}");
    let denied = server.answer(&json!(3));
    assert_eq!(denied["result"]["isError"], true, "{denied}");
    assert!(
        text(&denied["result"]).contains("hook `faults::closed_sync` panicked and fails closed"),
        "{denied}"
    );
    for id in [4, 6] {
        let ran = server.answer(&json!(id));
        assert_eq!(text(&ran["result"]), "the probe ran", "{ran}");
    }
    // The end of input ends the process, `hang` and `block` still running:
    // with no time limit, each has 5 s more, then it is answered, and the
    // stuck thread does not hold the exit.
    let mut answers = server.close_input();
    for id in [1, 5] {
        let stopped = answers.answer(&json!(id));
        assert!(
            text(&stopped["result"])
                .contains("still running 5 s after the client closed its input"),
            "{stopped}"
        );
    }
    assert_eq!(answers.close(), Some(0));
}

/// Tasks that do nothing but dispatch (every hook synchronous, so no
/// dispatch ever waits) on every worker of a multi-thread runtime: another
/// task still runs, because each dispatch takes tokio's cooperative budget
/// and a task that spent it yields.
#[test]
fn dispatch_loops_on_every_worker_starve_no_other_task() {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

    const WORKERS: usize = 2;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(WORKERS)
        .enable_all()
        .build()
        .expect("runtime");
    let host = Arc::new(runtime.block_on(host()));
    let stop = Arc::new(AtomicBool::new(false));
    let started = Arc::new(AtomicUsize::new(0));
    for i in 0..WORKERS {
        let (host, stop, started) = (host.clone(), stop.clone(), started.clone());
        runtime.spawn(async move {
            started.fetch_add(1, Ordering::SeqCst);
            let session = format!("loop-{i}");
            while !stop.load(Ordering::Relaxed) {
                host.dispatch(probe_event(&session, json!({"n": 1}))).await;
            }
        });
    }
    let deadline = Instant::now() + Duration::from_secs(10);
    while started.load(Ordering::SeqCst) < WORKERS {
        assert!(Instant::now() < deadline, "the loops never started");
        std::thread::sleep(Duration::from_millis(1));
    }
    // Spawned now, it waits in the runtime's queue until a worker yields.
    let (ran, rx) = std::sync::mpsc::channel();
    runtime.spawn(async move {
        let _ = ran.send(());
    });
    let got = rx.recv_timeout(Duration::from_secs(10));
    stop.store(true, Ordering::Relaxed);
    runtime.shutdown_timeout(Duration::from_secs(5));
    assert!(
        got.is_ok(),
        "a task waited 10 s behind dispatch loops that never yielded"
    );
}
