//! `run`: run the cron scheduler until SIGINT or SIGTERM, or run chosen
//! jobs once (`--job ID --now`).
//!
//! At start it prints every job with its schedule, zone and next run (or
//! why it does not run); then one line per finished, skipped or missed
//! run. On a signal it stops starting runs, cancels the running ones,
//! waits the grace period and names those that did not finish.

use std::time::Duration;

use tackle_spec::cron::chrono::SecondsFormat;

use super::{exit, output, table};
use crate::scheduler::{CronEvent, JobStatus, Scheduler};
use tackle_host::Host;

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// Only this job (an id from `list`, `__plugin_<plugin>_<key>`); repeat for several.
    #[arg(long = "job", value_name = "ID")]
    jobs: Vec<String>,
    /// Run the `--job`s once, now, and exit (non-zero if one fails).
    #[arg(long, requires = "jobs")]
    now: bool,
    /// Seconds to wait for running jobs at shutdown (default: `[cron] grace_period_secs`, 30).
    #[arg(long, value_name = "SECS")]
    grace: Option<u64>,
}

pub(super) async fn run(host: &Host, args: Args) -> u8 {
    let mut scheduler = Scheduler::new(host);
    if let Some(secs) = args.grace {
        scheduler = scheduler.with_grace_period(Duration::from_secs(secs));
    }
    if !scheduler.problems().is_empty() {
        output::err(format_args!(
            "error: the `[cron]` config of {} has problems:",
            host.config().origin
        ));
        for p in scheduler.problems() {
            output::err(format_args!("  - {p}"));
        }
        return exit::CONFIG;
    }
    for id in &args.jobs {
        if !scheduler.jobs().iter().any(|j| &j.id == id) {
            let ids: Vec<&str> = scheduler.jobs().iter().map(|j| j.id.as_str()).collect();
            output::err(format_args!(
                "error: no cron job has the id `{id}`{} (ids: {})",
                crate::suggest::did_you_mean(id, &ids),
                crate::suggest::listing(&ids)
            ));
            return exit::USAGE;
        }
    }
    if args.now {
        return run_now(&scheduler, &args.jobs).await;
    }
    let mut scheduler = scheduler.only(&args.jobs);
    let stop = stop_signal();
    output::write(&jobs_table(&scheduler));
    let scheduled = scheduler
        .jobs()
        .iter()
        .filter(|j| j.status == JobStatus::Scheduled)
        .count();
    if scheduled == 0 {
        // Waiting for a signal with nothing to run would only look like a hang.
        output::write("no job is scheduled, so there is nothing to run.\n");
        return exit::OK;
    }
    output::write(&format!(
        "{scheduled} job{} scheduled; stop with Ctrl-C or SIGTERM.\n",
        if scheduled == 1 { "" } else { "s" }
    ));
    let mut events = scheduler.subscribe();
    let printer = async {
        while let Some(event) = events.recv().await {
            if let Some(line) = describe(&event) {
                output::write(&line);
            }
        }
    };
    let report = tokio::select! {
        report = scheduler.run_until(stop) => report,
        // Never ends first: the channel lives as long as the scheduler.
        () = printer => return exit::OK,
    };
    // The last events (finished or abandoned runs), already queued.
    drop(scheduler);
    while let Ok(event) = events.try_recv() {
        if let Some(line) = describe(&event) {
            output::write(&line);
        }
    }
    let mut summary = format!(
        "stopped: {} run{} started",
        report.runs,
        if report.runs == 1 { "" } else { "s" }
    );
    for (job, n) in &report.skipped {
        summary.push_str(&format!("; {job} skipped {n} overlapping run(s)"));
    }
    output::write(&format!("{summary}\n"));
    if report.unfinished.is_empty() {
        exit::OK
    } else {
        output::err(format_args!(
            "warning: still running at the end of the grace period, abandoned: {}",
            report.unfinished.join(", ")
        ));
        exit::TOOL_ERROR
    }
}

async fn run_now(scheduler: &Scheduler<'_>, ids: &[String]) -> u8 {
    let mut code = exit::OK;
    for id in ids {
        match scheduler.run_now(id).await {
            Ok(outcome) => {
                let mut line = format!("{id}: {outcome}\n");
                if let crate::scheduler::RunOutcome::Succeeded { output: Some(text) } = &outcome {
                    line.push_str(text);
                    line.push('\n');
                }
                output::write(&line);
                if !outcome.is_success() {
                    code = exit::TOOL_ERROR;
                }
            }
            Err(e) => {
                output::err(format_args!("error: {e}"));
                code = exit::CONFIG;
            }
        }
    }
    code
}

/// The table printed at start: every job, its schedule and its next run.
pub(super) fn jobs_table(scheduler: &Scheduler<'_>) -> String {
    if scheduler.jobs().is_empty() {
        return "No cron jobs: plugins declare them with `#[cron(\"...\")]` or `plugin! { cron_jobs: [...] }`.\n".to_owned();
    }
    let rows: Vec<Vec<String>> = scheduler
        .jobs()
        .iter()
        .map(|job| {
            let next = match (&job.status, scheduler.next_run(job)) {
                (JobStatus::Scheduled, Some(t)) => job.schedule.local(t),
                (JobStatus::Scheduled, None) => "never".to_owned(),
                (status, _) => format!("- ({})", status.reason().unwrap_or_default()),
            };
            vec![
                job.id.clone(),
                job.kind.as_str().to_owned(),
                job.expression.to_owned(),
                job.timezone.unwrap_or("UTC").to_owned(),
                next,
            ]
        })
        .collect();
    table::render(&["JOB", "KIND", "SCHEDULE", "ZONE", "NEXT RUN"], &rows)
}

fn describe(event: &CronEvent) -> Option<String> {
    let at = |t: &tackle_spec::cron::chrono::DateTime<tackle_spec::cron::chrono::Utc>| {
        t.to_rfc3339_opts(SecondsFormat::Secs, true)
    };
    Some(match event {
        CronEvent::Started { .. } => return None,
        CronEvent::Finished {
            job,
            scheduled,
            outcome,
            took,
        } => {
            let mut line = format!(
                "{} {job} {outcome} ({} ms)\n",
                at(scheduled),
                took.as_millis()
            );
            if let crate::scheduler::RunOutcome::Succeeded { output: Some(text) } = outcome {
                for l in text.lines() {
                    line.push_str(&format!("    {l}\n"));
                }
            }
            line
        }
        CronEvent::SkippedOverlap {
            job,
            scheduled,
            skipped_total,
        } => format!(
            "{} {job} skipped: the previous run is still going ({skipped_total} skipped so far)\n",
            at(scheduled)
        ),
        CronEvent::Missed {
            job,
            missed,
            running,
        } => format!(
            "{} {job} missed {missed} run(s) (suspended?); running the latest once\n",
            at(running)
        ),
    })
}

/// Resolves on SIGINT (Ctrl-C) or, on Unix, SIGTERM. The handlers are
/// installed now, before the banner says "stop with ...", so that a signal
/// sent right after it is not lost to the default action.
fn stop_signal() -> impl Future<Output = ()> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let interrupt = signal(SignalKind::interrupt());
        let terminate = signal(SignalKind::terminate());
        async move {
            match (interrupt, terminate) {
                (Ok(mut int), Ok(mut term)) => {
                    tokio::select! {
                        _ = int.recv() => {}
                        _ = term.recv() => {}
                    }
                }
                (int, term) => {
                    if let Some(e) = int.as_ref().err().or(term.as_ref().err()) {
                        output::err(format_args!(
                            "warning: cannot listen for SIGINT/SIGTERM ({e}); stop with Ctrl-C"
                        ));
                    }
                    let _ = tokio::signal::ctrl_c().await;
                }
            }
        }
    }
    #[cfg(not(unix))]
    {
        async {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

/// `list`'s cron table (nothing when there are no jobs).
pub(super) fn list_section(host: &Host) -> String {
    let scheduler = Scheduler::new(host);
    if scheduler.jobs().is_empty() {
        return String::new();
    }
    format!("\n{}", jobs_table(&scheduler))
}

/// `list --json`'s and `manifest`'s `cron` array.
pub(super) fn list_json(host: &Host) -> serde_json::Value {
    let scheduler = Scheduler::new(host);
    let jobs: Vec<serde_json::Value> = scheduler
        .jobs()
        .iter()
        .map(|job| {
            let next = (job.status == JobStatus::Scheduled)
                .then(|| scheduler.next_run(job))
                .flatten()
                .map(|t| job.schedule.local(t));
            serde_json::json!({
                "id": job.id,
                "plugin": job.plugin.id,
                "key": job.key,
                "kind": job.kind.as_str(),
                "schedule": job.expression,
                "timezone": job.timezone.unwrap_or("UTC"),
                "status": job.status.as_str(),
                "reason": job.status.reason(),
                "next_run": next,
            })
        })
        .collect();
    serde_json::Value::Array(jobs)
}
