//! Test fixture: slash commands of every shape the runtime must handle —
//! each context, the plugin's state, every surface, every return type, a
//! failure, a panic, a whole `#[args]` type, and an arguments type that
//! cannot be written on a command line.

use std::sync::atomic::{AtomicU64, Ordering};

use tackle::prelude::*;

tackle::plugin! {
    id: "slash",
    description: "Slash commands for the runtime's tests.",
    config: SlashConfig,
    state: Counter,
}

/// `[plugins.slash]`.
#[tackle::data]
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(default)]
pub struct SlashConfig {
    /// How `/greet` says hello.
    pub greeting: String,
}

impl Default for SlashConfig {
    fn default() -> Self {
        SlashConfig {
            greeting: "hello".into(),
        }
    }
}

/// Counts `/count` runs across the host's life.
#[derive(Debug)]
pub struct Counter(AtomicU64);

impl PluginState for Counter {
    type Config = SlashConfig;

    async fn init(_: &PluginContext<SlashConfig>) -> Result<Self, BoxError> {
        Ok(Counter(AtomicU64::new(0)))
    }
}

/// Greet someone with the configured greeting.
#[command(aliases = ["hi", "hello-there"], category = "social")]
fn greet(
    ctx: &CommandContext<SlashConfig>,
    /// Who to greet.
    #[positional]
    name: String,
    /// Greet loudly.
    shout: bool,
    /// How many times.
    #[schemars(range(min = 1, max = 3))]
    times: Option<u8>,
) -> String {
    let line = format!("{}, {name}!", ctx.config().greeting);
    let line = if shout { line.to_uppercase() } else { line };
    vec![line; times.unwrap_or(1) as usize].join(" ")
}

/// Report what the command sees of its run.
#[command]
fn whoami(ctx: &CommandContext) -> CommandOutput {
    CommandOutput::text(format!(
        "{} on {} from {}",
        ctx.command(),
        ctx.surface(),
        ctx.origin()
    ))
    .with_data(tackle::serde_json::json!({
        "command": ctx.command(),
        "surface": ctx.surface().as_str(),
        "origin": ctx.origin().as_str(),
        "line": ctx.line(),
        "agent_dir": ctx.agent_dir(),
        "plugin": ctx.plugin_id(),
    }))
}

/// Count how many times it ran, in the plugin's state.
#[command]
async fn count(counter: &Counter, plugin: &PluginContext<SlashConfig>) -> String {
    let n = counter.0.fetch_add(1, Ordering::SeqCst) + 1;
    format!("{} ran {n} time(s)", plugin.id())
}

/// Fails, as a command whose work goes wrong does.
#[command]
fn fail() -> Result<(), String> {
    Err("the disk is on fire".into())
}

/// Panics, as a buggy command does.
#[command]
fn boom() -> &'static str {
    panic!("kaboom")
}

/// Runs inside the agent only.
#[command(surface = "agent")]
fn agent_only() {}

/// Runs on the host only.
#[command(surface = "host", order = -1)]
fn host_only() -> &'static str {
    "on the host"
}

/// When `/schedule` runs.
#[tackle::data]
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum When {
    /// Right away.
    Now,
    /// Tonight.
    Tonight,
}

/// The arguments of `/schedule`, taken whole.
#[tackle::data]
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScheduleArgs {
    /// The job to schedule.
    #[schemars(extend("x-positional" = true))]
    pub job: String,
    /// When to run it.
    pub when: When,
    /// How much of the budget to spend, from 0 to 1.
    #[serde(default = "half")]
    #[schemars(range(min = 0.0, max = 1.0))]
    pub budget: f64,
    /// Labels to attach (repeat for more).
    #[serde(default)]
    pub label: Vec<String>,
    /// Extra settings, as a JSON object.
    #[serde(default)]
    pub extra: Option<std::collections::BTreeMap<String, u32>>,
}

fn half() -> f64 {
    0.5
}

/// Schedule a job (arguments from one `#[args]` type).
#[command(description = "Schedule a job.")]
fn schedule(#[args] args: ScheduleArgs) -> Result<CommandOutput, std::fmt::Error> {
    Ok(CommandOutput::text(format!(
        "{} {:?} budget={} labels={:?} extra={:?}",
        args.job, args.when, args.budget, args.label, args.extra
    )))
}

/// The arguments of `/tangled`: a list before another positional, which
/// no command line can split.
#[tackle::data]
#[derive(Debug, Deserialize, JsonSchema)]
pub struct TangledArgs {
    /// Many values.
    #[schemars(extend("x-positional" = true))]
    pub many: Vec<String>,
    /// One more.
    #[schemars(extend("x-positional" = true))]
    pub last: String,
}

/// Cannot take its arguments from a command line.
#[command]
fn tangled(#[args] args: TangledArgs) -> String {
    format!("{} {}", args.many.len(), args.last)
}
