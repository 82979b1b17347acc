//! Test fixture: cron jobs for the scheduler's tests. Each job is meant to
//! be run alone (`Scheduler::only`, `run --job`), so their schedules are
//! picked for the test that uses them.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use tackle::prelude::*;

tackle::plugin! {
    id: "cronjobs",
    description: "Cron jobs that tick, stall, fail and panic on purpose.",
    config: CronConfig,
    state: Ticks,
    cron_jobs: [
        { key: "say", schedule: "0 9 * * 1-5", timezone: "Europe/Paris", prompt: "Summarise yesterday's commits" },
        { key: "review", schedule: "0 10 * * 1", prompt: "Review the open branches", subagent: "reviewer", payload: { "depth": 2, "paths": ["src", "tests"] } },
        { key: "hello", schedule: "*/10 * * * *", exec: ["sh", "-c", "echo hello from $PWD"] },
        { key: "false", schedule: "0 4 * * 0", exec: ["sh", "-c", "echo broken >&2; exit 3"], enabled: false },
    ],
}

/// `[plugins.cronjobs]`.
#[tackle::data]
#[derive(Debug, Deserialize, JsonSchema, Default)]
pub struct CronConfig {
    /// Minutes the `slow` job takes.
    #[serde(default)]
    pub slow_minutes: u64,
}

/// What the jobs did.
#[derive(Debug, Default)]
pub struct Ticks {
    /// Runs of `tick`.
    pub ticks: AtomicU64,
    /// The due times `dst` saw, in Paris time.
    pub seen: Mutex<Vec<String>>,
}

impl PluginState for Ticks {
    type Config = CronConfig;

    async fn init(_: &PluginContext<CronConfig>) -> Result<Self, BoxError> {
        Ok(Ticks::default())
    }
}

/// Counts, every minute (a sync job, on a blocking thread).
#[cron("* * * * *")]
fn tick(ticks: &Ticks) {
    ticks.ticks.fetch_add(1, Ordering::SeqCst);
}

/// 02:30 in Paris, which does not exist on the last Sunday of March and
/// happens twice on the last Sunday of October.
#[cron("30 2 * * *", timezone = "Europe/Paris")]
async fn dst(ctx: &CronContext, ticks: &Ticks) -> Result<(), String> {
    ticks
        .seen
        .lock()
        .map_err(|e| e.to_string())?
        .push(ctx.scheduled_local().to_owned());
    Ok(())
}

/// Every five minutes, takes `slow_minutes` (12 by default); stops early
/// when cancelled.
#[cron("*/5 * * * *", key = "slow")]
async fn slow_job(ctx: &CronContext<CronConfig>) -> Result<(), String> {
    let minutes = match ctx.config().slow_minutes {
        0 => 12,
        n => n,
    };
    tokio_sleep(ctx, Duration::from_secs(minutes * 60)).await
}

/// Every minute, runs for an hour and ignores cancellation.
#[cron("* * * * *", enabled = false)]
async fn stubborn() {
    sleep_ignoring(Duration::from_secs(3600)).await;
}

/// Fails every hour.
#[cron("0 * * * *")]
fn fails() -> Result<(), String> {
    Err("the database is locked".to_owned())
}

/// Panics every hour.
#[cron("0 * * * *")]
async fn panics() {
    panic!("boom at the top of the hour");
}

/// Sleeps on tokio's clock (paused in tests), waking early, with an
/// error, on cancellation.
async fn tokio_sleep(ctx: &CronContext<CronConfig>, d: Duration) -> Result<(), String> {
    tokio::select! {
        () = tokio::time::sleep(d) => Ok(()),
        () = ctx.cancellation().cancelled() => Err("cancelled at shutdown".to_owned()),
    }
}

/// Sleeps on tokio's clock whatever happens.
async fn sleep_ignoring(d: Duration) {
    tokio::time::sleep(d).await;
}
