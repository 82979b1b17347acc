// The `faults` fixture plugin, shared by `tests/faults.rs` (in process and
// through the MCP server) and the `tackle-fault-host` binary (the hook
// command as a process): hooks and tools that panic, fail or hang on
// demand, and a catch-all observer that counts what it receives.
//
// The hooks act only on the tool `probe`, at `before_tool_call`; each
// reads its step from the call's arguments: `open` for the hook that fails
// open, `closed` for the one that fails closed, each one of `panic`,
// `error`, `hang` (past its 100 ms limit), `deny` or `allow`; missing means
// abstain; `block` blocks the thread, for good unless the test releases it
// (the mistake of blocking I/O in an `async fn`). `open_sync` and
// `closed_sync` are the same, synchronous, with `block` and not `hang`.
// `observer: "panic"` makes an `after_tool_call` observer panic. Its config
// makes the plugin fail to load (a key it does not have) or panic while its
// config is read (`panic_on_load = true`).

use tackle::prelude::*;
use tackle::serde_json::Value;

tackle::plugin! {
    id: "faults",
    description: "Hooks and tools that panic, fail and hang on demand.",
    config: FaultsConfig,
}

/// The fixture's config.
#[tackle::data]
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct FaultsConfig {
    /// `true` makes reading this config panic, as a plugin's own config
    /// code may.
    #[serde(deserialize_with = "panic_if_true")]
    pub panic_on_load: bool,
}

fn panic_if_true<'de, D: tackle::serde::Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    let panic = bool::deserialize(d)?;
    assert!(!panic, "the `faults` config panicked on purpose");
    Ok(panic)
}

/// What the catch-all observer received: (session, point) → count.
pub static RECEIVED: std::sync::Mutex<Option<std::collections::HashMap<(String, String), u64>>> =
    std::sync::Mutex::new(None);

/// How many events of `point` the observer received in `session`.
pub fn received(session: &str, point: &str) -> u64 {
    let seen = RECEIVED.lock().unwrap_or_else(|e| e.into_inner());
    seen.as_ref()
        .and_then(|m| m.get(&(session.to_owned(), point.to_owned())))
        .copied()
        .unwrap_or(0)
}

/// What the step named by `key` in `args` says to do.
async fn perform(args: &Value, key: &str) -> Result<Decision<BeforeToolCall>, String> {
    match args.get(key).and_then(Value::as_str).unwrap_or("") {
        "panic" => panic!("the `{key}` hook panicked on purpose"),
        "error" => Err(format!("the `{key}` hook failed on purpose")),
        "hang" => std::future::pending().await,
        // The mistake of an `async fn` calling blocking code: its thread,
        // not its future, waits (until released, in-process).
        "block" => Ok(wait_released()),
        "deny" => Ok(Decision::deny(format!("the `{key}` hook denies"))),
        "allow" => Ok(Decision::allow()),
        _ => Ok(Decision::abstain()),
    }
}

/// Fails open: a failure abstains.
#[hook(
    before_tool_call,
    matcher = "probe",
    on_error = "open",
    timeout_ms = 100,
    order = 1
)]
async fn open(ev: &BeforeToolCall) -> Result<Decision, String> {
    perform(&ev.arguments, "open").await
}

/// Fails closed: a failure denies the call.
#[hook(
    before_tool_call,
    matcher = "probe",
    on_error = "closed",
    timeout_ms = 100,
    order = 2
)]
async fn closed(ev: &BeforeToolCall) -> Result<Decision, String> {
    perform(&ev.arguments, "closed").await
}

/// What the step named by `key` says, for a synchronous hook (which cannot
/// hang without blocking its thread, so `hang` is not played; `block`
/// blocks its thread for good, which only the hook process's watchdog
/// ends).
fn perform_sync(args: &Value, key: &str) -> Result<Decision<BeforeToolCall>, String> {
    match args.get(key).and_then(Value::as_str).unwrap_or("") {
        "panic" => panic!("the `{key}` hook panicked on purpose"),
        "error" => Err(format!("the `{key}` hook failed on purpose")),
        "block" => Ok(wait_released()),
        _ => Ok(Decision::abstain()),
    }
}

/// `open`, synchronous.
#[hook(before_tool_call, matcher = "probe", on_error = "open", order = 3)]
fn open_sync(ev: &BeforeToolCall) -> Result<Decision, String> {
    perform_sync(&ev.arguments, "open_sync")
}

/// `closed`, synchronous.
#[hook(before_tool_call, matcher = "probe", on_error = "closed", order = 4)]
fn closed_sync(ev: &BeforeToolCall) -> Result<Decision, String> {
    perform_sync(&ev.arguments, "closed_sync")
}

/// Panics when the call's arguments say `observer: "panic"`.
#[hook(after_tool_call, matcher = "probe")]
fn panicking_observer(ev: &AfterToolCall) {
    if ev.arguments.get("observer").and_then(Value::as_str) == Some("panic") {
        panic!("the observer panicked on purpose");
    }
}

/// Counts every event of every point, per session.
#[hook(event)]
fn count(ev: &AnyEvent) {
    let mut seen = RECEIVED.lock().unwrap_or_else(|e| e.into_inner());
    *seen
        .get_or_insert_with(std::collections::HashMap::new)
        .entry((ev.session_id().to_owned(), ev.point().to_string()))
        .or_insert(0) += 1;
}

/// The tool the hooks guard: says it ran.
#[tool]
fn probe(
    /// The step of the hook that fails open.
    open: Option<String>,
    /// The step of the hook that fails closed.
    closed: Option<String>,
    /// The step of the synchronous hook that fails open.
    open_sync: Option<String>,
    /// The step of the synchronous hook that fails closed.
    closed_sync: Option<String>,
    /// `panic` makes an observer panic.
    observer: Option<String>,
) -> String {
    let _ = (open, closed, open_sync, closed_sync, observer);
    "the probe ran".to_owned()
}

/// Panics.
#[tool]
fn explode() -> String {
    panic!("the tool exploded on purpose")
}

/// Fails with a tool error.
#[tool]
fn refuse() -> Result<String, ToolError> {
    Err(ToolError::new("the tool refused on purpose"))
}

/// Never returns, cancelled or not.
#[tool]
async fn hang() -> String {
    std::future::pending::<()>().await;
    "unreachable".to_owned()
}

/// Waits until the call is cancelled.
#[tool]
async fn hang_until_cancelled(ctx: &ToolContext) -> Result<String, String> {
    ctx.cancellation().cancelled().await;
    Err("cancelled".to_owned())
}

/// What `block` waits for: set by [`release_blocked`]. In a process
/// (`tackle-fault-host`) nothing sets it, so `block` never returns.
static RELEASED: (std::sync::Mutex<bool>, std::sync::Condvar) =
    (std::sync::Mutex::new(false), std::sync::Condvar::new());

/// Lets every `block` call return.
pub fn release_blocked() {
    let (released, changed) = &RELEASED;
    *released.lock().unwrap_or_else(|e| e.into_inner()) = true;
    changed.notify_all();
}

/// Blocks the thread until [`release_blocked`], deaf to cancellation;
/// then abstains (as a hook's answer).
fn wait_released<T: Default>() -> T {
    let (released, changed) = &RELEASED;
    let mut open = released.lock().unwrap_or_else(|e| e.into_inner());
    while !*open {
        open = changed.wait(open).unwrap_or_else(|e| e.into_inner());
    }
    T::default()
}

/// Blocks its thread until released, deaf to cancellation: a sync tool
/// stuck in a read that never ends.
#[tool]
fn block() -> String {
    wait_released::<()>();
    "released".to_owned()
}

/// The mistake the guide warns of: an `async fn` tool reading with
/// `std::fs`, which blocks its thread, here on a FIFO no one writes to.
#[tool]
async fn read_fifo(
    /// The FIFO.
    path: String,
) -> Result<String, String> {
    std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))
}
