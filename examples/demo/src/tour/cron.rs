//! Cron: the jobs the plugins declare, when each runs next, and one tick of
//! each run now (the scheduler's `run_now`, as `<bin> run --job ID --now`).

use tackle_runtime::Host;
use tackle_runtime::scheduler::{RunOutcome, Scheduler};

use crate::text::wrap;

/// Lists the jobs and runs each once.
pub(crate) async fn tour(host: &Host) {
    let scheduler = Scheduler::new(host);
    list(&scheduler);
    for job in scheduler.jobs() {
        say!("   tick: {}", job.id);
        match scheduler.run_now(&job.id).await {
            Ok(RunOutcome::Succeeded { output: Some(text) }) => {
                say!("{}", wrap(&format!("-> {text}"), 6, 78));
            }
            Ok(RunOutcome::Succeeded { output: None }) => say!("      -> done"),
            Ok(other) => say!("      -> {other:?}"),
            Err(e) => say!("      -> {e}"),
        }
    }
}

/// Each job, its expression and zone, and when it runs next.
pub(crate) fn list(scheduler: &Scheduler<'_>) {
    for job in scheduler.jobs() {
        let next = scheduler.next_run(job).map_or_else(
            || "never".to_owned(),
            |t| t.format("%Y-%m-%d %H:%M UTC").to_string(),
        );
        say!(
            "   {} `{}` ({}), next at {next}",
            job.id,
            job.expression,
            job.timezone.unwrap_or("UTC")
        );
    }
}
