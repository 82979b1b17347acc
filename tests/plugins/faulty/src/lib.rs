//! Test fixture: tools that misbehave on purpose, and one that reports the
//! context it was given, so tests can check what the runtime does with each.

use std::collections::HashMap;
use std::sync::Mutex;

use tackle::prelude::*;

tackle::plugin! {
    id: "faulty",
    version: "2.0.0-rc.1",
    description: "Misbehaving tools for tests.",
    config: FaultyConfig,
    state: Ledger,
}

/// The fixture's config.
#[tackle::data]
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(default)]
pub struct FaultyConfig {
    /// Echoed by `context_report`.
    pub greeting: String,
    /// A bounded number.
    #[schemars(range(max = 10))]
    pub level: u8,
    /// How the state's `init` behaves.
    pub init: InitMode,
}

/// How [`Ledger::init`] behaves, so tests can make it fail.
#[tackle::data]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum InitMode {
    /// Starts.
    #[default]
    Ok,
    /// Returns an error.
    Fail,
    /// Panics.
    Panic,
    /// Never returns.
    Hang,
}

/// `init:<greeting>` and `dispose:<greeting>`, in order, for every `Ledger`
/// of the process: tests give each host its own greeting and look for it.
pub static EVENTS: Mutex<Vec<String>> = Mutex::new(Vec::new());

fn record(event: &str, greeting: &str) {
    EVENTS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(format!("{event}:{greeting}"));
}

/// The events recorded for one greeting.
pub fn events_of(greeting: &str) -> Vec<String> {
    let events = EVENTS.lock().unwrap_or_else(|e| e.into_inner());
    events
        .iter()
        .filter(|e| e.split_once(':').map(|(_, g)| g) == Some(greeting))
        .cloned()
        .collect()
}

/// The fixture's state: calls counted per session.
#[derive(Debug)]
pub struct Ledger {
    greeting: String,
    calls: Mutex<HashMap<String, u64>>,
}

impl PluginState for Ledger {
    type Config = FaultyConfig;

    async fn init(plugin: &PluginContext<FaultyConfig>) -> Result<Self, BoxError> {
        record("init", &plugin.config().greeting);
        match plugin.config().init {
            InitMode::Ok => Ok(Ledger {
                greeting: plugin.config().greeting.clone(),
                calls: Mutex::default(),
            }),
            InitMode::Fail => Err(std::io::Error::other("the ledger file is locked").into()),
            InitMode::Panic => panic!("the ledger exploded"),
            InitMode::Hang => std::future::pending().await,
        }
    }

    async fn dispose(&self) {
        record("dispose", &self.greeting);
    }
}

/// Counts this session's calls to this tool, in the plugin's state.
#[tool]
fn session_calls(ctx: &ToolContext, ledger: &Ledger) -> String {
    let session = ctx.session_id().unwrap_or("-").to_owned();
    let mut calls = ledger.calls.lock().unwrap_or_else(|e| e.into_inner());
    let n = calls.entry(session.clone()).or_insert(0);
    *n += 1;
    format!("{} {session}: {n}", ledger.greeting)
}

impl Default for FaultyConfig {
    fn default() -> Self {
        FaultyConfig {
            greeting: "hello".into(),
            level: 1,
            init: InitMode::Ok,
        }
    }
}

/// Panics with the given message.
#[tool]
fn panics(message: String) -> String {
    panic!("{message}")
}

/// Panics inside an async body.
#[tool]
async fn panics_async(message: String) -> String {
    panic!("{message}")
}

/// Returns the given message as a tool error.
#[tool]
fn fails(message: String) -> Result<String, ToolError> {
    Err(ToolError::new(message))
}

/// Returns text of the given size in bytes.
#[tool(read_only)]
fn flood(bytes: usize) -> String {
    "x".repeat(bytes)
}

/// Waits until the call is cancelled, then says so.
#[tool]
async fn wait_for_cancel(ctx: &ToolContext) -> String {
    ctx.cancellation().cancelled().await;
    format!("cancelled after {}", ctx.tool_name())
}

/// Reports progress and streams output in `steps` steps.
#[tool]
fn steps(ctx: &ToolContext, steps: u32) -> String {
    for i in 0..steps {
        ctx.progress(
            f64::from(i + 1) / f64::from(steps),
            format!("step {}", i + 1),
        );
        ctx.output(format!("chunk {}\n", i + 1));
    }
    format!("{steps} steps")
}

/// What the tool saw of its call.
#[tackle::data]
#[derive(Debug, Serialize, JsonSchema)]
pub struct Report {
    /// `ToolContext::session_id`.
    pub session: Option<String>,
    /// `ToolContext::working_directory`.
    pub cwd: String,
    /// `ToolContext::search_roots`.
    pub roots: Vec<String>,
    /// `ToolContext::max_output_bytes`.
    pub max_output_bytes: usize,
    /// The plugin id.
    pub plugin: String,
    /// The plugin version.
    pub version: String,
    /// `agent_dir`.
    pub agent_dir: String,
    /// From the config.
    pub greeting: String,
    /// From the config.
    pub level: u8,
    /// The argument.
    pub tag: String,
}

/// Reports the context of the call, typed config included.
#[tool(name = "context-report", order = -1)]
fn context_report(
    ctx: &ToolContext<FaultyConfig>,
    plugin: &PluginContext<FaultyConfig>,
    tag: String,
) -> Json<Report> {
    Json(Report {
        session: ctx.session_id().map(str::to_owned),
        cwd: ctx.working_directory().display().to_string(),
        roots: ctx
            .search_roots()
            .iter()
            .map(|r| r.display().to_string())
            .collect(),
        max_output_bytes: ctx.max_output_bytes(),
        plugin: plugin.id().to_owned(),
        version: plugin.version().to_owned(),
        agent_dir: plugin.agent_dir().display().to_string(),
        greeting: ctx.config().greeting.clone(),
        level: plugin.config().level,
        tag,
    })
}

/// Returns its argument (a pure sync tool, for benchmarks).
#[tool(read_only, idempotent)]
fn echo(text: String) -> String {
    text
}

/// Returns its argument from an async body (for benchmarks).
#[tool(read_only, idempotent)]
async fn echo_async(text: String) -> String {
    text
}

/// Repeats its argument (a sync tool whose schema has a range constraint,
/// checked on every call, for benchmarks).
#[tool(read_only, idempotent)]
fn repeat(
    text: String,
    /// How many times.
    #[schemars(range(min = 1, max = 10))]
    times: u8,
) -> String {
    text.repeat(usize::from(times))
}

/// The part of a version to raise. Its variants have doc comments, so its
/// schema is a `oneOf` of `const`s.
#[tackle::data]
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Part {
    /// Breaking changes.
    Major,
    /// New features.
    Minor,
    /// Fixes only.
    Patch,
}

/// A release channel. Its variants have no doc comments, so its schema is
/// an `enum`.
#[tackle::data]
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Channel {
    Stable,
    Beta,
    Nightly,
}

/// Names the part and channel it was given (tests read what a model is
/// told of a value neither enum allows).
#[tool(read_only, idempotent)]
fn bump(
    /// Which part to raise.
    part: Part,
    /// Where to publish.
    channel: Option<Channel>,
) -> String {
    format!("{part:?} {channel:?}")
}

/// With the session metadata `order_probe`, adds `faulty` as context: tests
/// compare it with `hooky`'s to see plugin order.
#[hook(before_tool_call, order = -100)]
fn order_probe(ctx: &HookContext<FaultyConfig>) -> Decision {
    match ctx.metadata().get("order_probe") {
        Some(_) => Decision::context(format!("faulty:{}", ctx.config().greeting)),
        None => Decision::abstain(),
    }
}
