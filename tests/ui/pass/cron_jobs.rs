// Handler jobs in every signature the macro accepts, and declarative
// prompt and exec jobs; `main` checks what they registered.
use std::sync::atomic::{AtomicU32, Ordering};

use tackle::cron::{CronAction, CronHandler, linked_cron};
use tackle::prelude::*;

tackle::plugin! {
    id: "nightly",
    config: NightlyConfig,
    state: Counter,
    cron_jobs: [
        { key: "digest", schedule: "0 9 * * 1-5", timezone: "Europe/Paris", prompt: "Summarise yesterday's commits" },
        { key: "review", schedule: "@weekly", prompt: "Review the open branches", subagent: "reviewer", payload: { "depth": 2, "paths": ["src"], "strict": true, "note": null, "ratio": -0.5 } },
        { key: "review-str", schedule: "0 8 1 * *", prompt: "Review", subagent: "reviewer", payload: "{\"depth\": 3}" },
        { key: "gc", schedule: "0 4 * * SUN", exec: ["git", "gc", "--auto"], enabled: false },
    ],
}

#[tackle::data]
#[derive(Deserialize, JsonSchema, Default)]
pub struct NightlyConfig {
    /// Days to keep.
    pub keep_days: u32,
}

pub struct Counter(AtomicU32);

impl PluginState for Counter {
    type Config = NightlyConfig;

    async fn init(_: &PluginContext<NightlyConfig>) -> Result<Self, BoxError> {
        Ok(Counter(AtomicU32::new(0)))
    }
}

/// Writes the nightly report.
#[cron("0 3 * * *", timezone = "Europe/Paris")]
async fn nightly_report(ctx: &CronContext<NightlyConfig>, counter: &Counter) -> Result<(), String> {
    counter.0.fetch_add(ctx.config().keep_days, Ordering::Relaxed);
    if ctx.cancellation().is_cancelled() {
        return Err(format!("{} cancelled", ctx.job_id()));
    }
    Ok(())
}

/// Counts.
#[cron("*/15 * * * *", key = "count", enabled = false)]
fn count_things(counter: &Counter) {
    counter.0.fetch_add(1, Ordering::Relaxed);
}

#[cron("@hourly")]
fn bare() -> Result<(), std::io::Error> {
    Ok(())
}

#[cron("0 0 L * *")]
async fn month_end(ctx: &CronContext) {
    let _ = (ctx.origin(), ctx.scheduled_local(), ctx.plugin().agent_dir().to_owned());
}

fn main() {
    let jobs: Vec<_> = linked_cron().filter(|j| j.plugin.id == "nightly").collect();
    let job = |key: &str| {
        *jobs
            .iter()
            .find(|j| j.key == key)
            .unwrap_or_else(|| panic!("job `{key}` is registered"))
    };
    assert_eq!(jobs.len(), 4);

    let report = job("nightly_report");
    assert_eq!(report.function, "nightly_report");
    assert_eq!(report.description, "Writes the nightly report.");
    assert_eq!(report.schedule, "0 3 * * *");
    assert_eq!(report.timezone, Some("Europe/Paris"));
    assert!(report.enabled);
    assert!(matches!(report.handler, CronHandler::Async(_)));

    let count = job("count");
    assert_eq!((count.function, count.enabled, count.timezone), ("count_things", false, None));
    assert!(matches!(count.handler, CronHandler::Sync(_)));
    job("bare");
    job("month_end");

    let declared = <crate::__tackle_plugin_declared_by_tackle_plugin_macro as tackle::__private::PluginDecl>::DEF.cron_jobs;
    assert_eq!(declared.len(), 4);
    assert!(matches!(
        declared[0].action,
        CronAction::Prompt { text: "Summarise yesterday's commits", subagent: None, payload: None }
    ));
    assert_eq!(declared[0].timezone, Some("Europe/Paris"));
    assert!(matches!(
        declared[1].action,
        CronAction::Prompt { subagent: Some("reviewer"), payload: Some(r#"{"depth":2,"paths":["src"],"strict":true,"note":null,"ratio":-0.5}"#), .. }
    ));
    assert!(matches!(declared[2].action, CronAction::Prompt { payload: Some(r#"{"depth":3}"#), .. }));
    assert!(matches!(declared[3].action, CronAction::Exec { argv: ["git", "gc", "--auto"] }));
    assert!(!declared[3].enabled);
}
