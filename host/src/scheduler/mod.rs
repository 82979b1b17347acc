//! The cron scheduler: runs every scheduled job of a [`Host`] at its times.
//!
//! ```no_run
//! # async fn demo(host: &tackle_host::Host) {
//! use tackle_host::scheduler::Scheduler;
//!
//! let mut scheduler = Scheduler::new(host);
//! let mut events = scheduler.subscribe();
//! tokio::spawn(async move {
//!     while let Some(event) = events.recv().await {
//!         println!("{event:?}");
//!     }
//! });
//! let report = scheduler.run_until(async { let _ = tokio::signal::ctrl_c().await; }).await;
//! for job in &report.unfinished {
//!     eprintln!("{job} did not finish in time");
//! }
//! # }
//! ```
//!
//! Policies:
//!
//! * **Times.** Each job's next fire time is computed with its expression in
//!   its zone ([`tackle_spec::cron`], the parser the macros use), from the
//!   previous due time, and compared with a wall clock ([`WallClock`];
//!   [`SystemClock`] by default, [`TokioClock`] in tests).
//! * **No overlap.** A run that comes due while the job's previous run is
//!   still going is skipped, logged (`warn`) and counted
//!   ([`CronEvent::SkippedOverlap`]).
//! * **Missed runs.** The scheduler sleeps at most a minute at a time and
//!   rereads the clock, so a suspend or a clock jump is noticed. When several
//!   due times have passed, the job runs once, for the latest of them; the
//!   earlier ones are counted ([`CronEvent::Missed`]) and never replayed.
//!   Times that passed before the scheduler started are not run.
//! * **Shutdown.** When the shutdown future completes, nothing new starts,
//!   every running job's cancellation token fires, and the scheduler waits up
//!   to the grace period (`[cron] grace_period_secs`, 30 s) for them; those
//!   still running are abandoned and named in the [`ShutdownReport`].

mod clock;
mod events;
mod execute;
mod plan;

use std::sync::Arc;
use std::time::Duration;

use futures_util::FutureExt;
use tackle::{Cancellation, Problem};
use tackle_spec::cron::chrono::{DateTime, Utc};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tracing::Instrument;

use crate::host::Host;

pub use clock::{SystemClock, TokioClock, WallClock};
pub use events::{CronEvent, RunOutcome};
pub use plan::{CronJob, JobKind, JobStatus, plan};

/// The longest the scheduler sleeps before rereading the clock.
const MAX_NAP: Duration = Duration::from_secs(60);

/// Runs a host's cron jobs. Borrows the host; each run is its own task.
///
/// ```rust,standalone_crate
/// use std::sync::atomic::{AtomicUsize, Ordering};
/// use tackle::prelude::*;
///
/// tackle::plugin! { id: "nightly" }
///
/// static RUNS: AtomicUsize = AtomicUsize::new(0);
///
/// /// Tidies up at 03:00 UTC.
/// #[cron("0 3 * * *")]
/// fn tidy() {
///     RUNS.fetch_add(1, Ordering::SeqCst);
/// }
///
/// /// Fails every Monday.
/// #[cron("0 9 * * MON", key = "report")]
/// fn weekly() -> Result<(), String> {
///     Err("the report service is down".into())
/// }
///
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// use std::sync::Arc;
/// use tackle_host::scheduler::{CronEvent, RunNowError, RunOutcome, Scheduler, TokioClock};
/// use tackle_host::{Host, Registry};
/// use tackle_spec::cron::chrono::{Duration, TimeZone, Utc};
///
/// let registry = Registry::global().unwrap().only(&["nightly"]);
/// let host = Host::builder().registry(registry).build().await.unwrap();
///
/// // A wall clock half a second before 03:00.
/// let three = Utc.with_ymd_and_hms(2027, 1, 4, 3, 0, 0).unwrap();
/// let clock = TokioClock::starting_at(three - Duration::milliseconds(500));
/// let mut scheduler = Scheduler::new(&host).with_clock(Arc::new(clock));
/// let ids: Vec<&str> = scheduler.jobs().iter().map(|j| j.id.as_str()).collect();
/// assert_eq!(ids, ["__plugin_nightly_tidy", "__plugin_nightly_report"]);
/// assert_eq!(scheduler.next_run(&scheduler.jobs()[0]), Some(three));
///
/// // Run until the first run has finished (or give up after 30 s).
/// let mut events = scheduler.subscribe();
/// let first_run = async {
///     while let Some(event) = events.recv().await {
///         if let CronEvent::Finished { job, outcome, .. } = event {
///             return Some((job, outcome));
///         }
///     }
///     None
/// };
/// let mut finished = None;
/// let report = scheduler
///     .run_until(async {
///         finished = tokio::time::timeout(std::time::Duration::from_secs(30), first_run).await.ok().flatten();
///     })
///     .await;
/// let (job, outcome) = finished.expect("a run finished within 30 s");
/// assert_eq!((job.as_str(), outcome.is_success()), ("__plugin_nightly_tidy", true));
/// assert_eq!(report.runs, 1);
/// assert!(report.unfinished.is_empty());
/// assert_eq!(RUNS.load(Ordering::SeqCst), 1);
///
/// // Any job, now, whatever its schedule.
/// let failed = scheduler.run_now("__plugin_nightly_report").await.unwrap();
/// assert_eq!(failed, RunOutcome::Failed("the report service is down".into()));
/// let unknown = scheduler.run_now("__plugin_nightly_tidi").await.unwrap_err();
/// assert!(matches!(unknown, RunNowError::Unknown { .. }));
/// assert!(unknown.to_string().contains("__plugin_nightly_tidy"), "{unknown}");
/// # }
/// ```
pub struct Scheduler<'h> {
    host: &'h Host,
    jobs: Vec<CronJob>,
    problems: Vec<Problem>,
    clock: Arc<dyn WallClock>,
    grace_period: Duration,
    exec_timeout: Duration,
    events: Option<mpsc::UnboundedSender<CronEvent>>,
}

impl std::fmt::Debug for Scheduler<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Scheduler")
            .field("jobs", &self.jobs.iter().map(|j| &j.id).collect::<Vec<_>>())
            .field("grace_period", &self.grace_period)
            .finish_non_exhaustive()
    }
}

/// What shutdown left behind.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ShutdownReport {
    /// Jobs still running when the grace period ended (abandoned).
    pub unfinished: Vec<String>,
    /// Per job, how many runs were skipped because the previous one was
    /// still running (jobs with none are left out).
    pub skipped: Vec<(String, u64)>,
    /// How many runs started.
    pub runs: u64,
}

/// `run_now` was asked for a job that cannot run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RunNowError {
    /// No job has this id.
    #[error("no cron job has the id `{id}`{hint}")]
    Unknown {
        /// The id asked for.
        id: String,
        /// A suggestion, or the list of ids.
        hint: String,
    },
    /// The job exists but cannot run.
    #[error("cron job `{id}` cannot run: {why}")]
    CannotRun {
        /// The job.
        id: String,
        /// Why.
        why: String,
    },
}

impl<'h> Scheduler<'h> {
    /// A scheduler of `host`'s jobs, with the host config's `[cron]`
    /// settings and the system clock.
    pub fn new(host: &'h Host) -> Self {
        let (jobs, problems) = plan(host);
        let config = &host.config().cron;
        Scheduler {
            host,
            jobs,
            problems,
            clock: Arc::new(SystemClock),
            grace_period: config.grace_period,
            exec_timeout: config.exec_timeout,
            events: None,
        }
    }

    /// Reads time from `clock` instead of the system's.
    pub fn with_clock(mut self, clock: Arc<dyn WallClock>) -> Self {
        self.clock = clock;
        self
    }

    /// Waits this long for running jobs at shutdown.
    pub fn with_grace_period(mut self, grace: Duration) -> Self {
        self.grace_period = grace;
        self
    }

    /// Keeps only the jobs with these ids (all of them when `ids` is empty).
    pub fn only(mut self, ids: &[String]) -> Self {
        if !ids.is_empty() {
            self.jobs.retain(|j| ids.contains(&j.id));
        }
        self
    }

    /// Every job, scheduled or not, in plugin then source order.
    pub fn jobs(&self) -> &[CronJob] {
        &self.jobs
    }

    /// Problems of the `[cron]` config (unknown job ids); `run` refuses to
    /// start while there are any.
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// When `job` next fires, after now (`None`: never).
    pub fn next_run(&self, job: &CronJob) -> Option<DateTime<Utc>> {
        job.schedule.next_after(self.clock.now())
    }

    /// Starts reporting events on the returned channel (one subscriber; a
    /// second call replaces the first).
    pub fn subscribe(&mut self) -> mpsc::UnboundedReceiver<CronEvent> {
        let (tx, rx) = mpsc::unbounded_channel();
        self.events = Some(tx);
        rx
    }

    /// Runs the scheduled jobs until `shutdown` completes, then shuts down
    /// gracefully (see the module's policies).
    pub async fn run_until(&self, shutdown: impl Future<Output = ()>) -> ShutdownReport {
        let stop = Cancellation::new();
        let loops = futures_util::future::join_all(
            self.jobs
                .iter()
                .filter(|j| j.status == JobStatus::Scheduled)
                .map(|job| self.job_loop(job, &stop)),
        );
        let trigger = async {
            shutdown.await;
            tracing::info!("cron scheduler stopping");
            stop.cancel();
        };
        let ((), ends) = futures_util::future::join(trigger, loops).await;
        let mut report = ShutdownReport::default();
        for end in ends {
            report.runs += end.runs;
            if end.skipped > 0 {
                report.skipped.push((end.job.clone(), end.skipped));
            }
            if end.unfinished {
                report.unfinished.push(end.job);
            }
        }
        report
    }

    /// Runs one job once, now, whatever its schedule (a disabled job too),
    /// and waits for it.
    pub async fn run_now(&self, id: &str) -> Result<RunOutcome, RunNowError> {
        let Some(job) = self.jobs.iter().find(|j| j.id == id) else {
            let ids: Vec<&str> = self.jobs.iter().map(|j| j.id.as_str()).collect();
            let hint = match crate::suggest::nearest(id, &ids) {
                Some(near) => format!("; did you mean `{near}`?"),
                None => format!(" (ids: {})", crate::suggest::listing(&ids)),
            };
            return Err(RunNowError::Unknown {
                id: id.to_owned(),
                hint,
            });
        };
        if let JobStatus::PluginNotReady | JobStatus::Invalid(_) = job.status {
            return Err(RunNowError::CannotRun {
                id: id.to_owned(),
                why: job.status.reason().unwrap_or_default(),
            });
        }
        let handle = self.spawn_run(job, self.clock.now(), Cancellation::new());
        Ok(handle
            .await
            .unwrap_or_else(|e| RunOutcome::Failed(format!("the run's task failed: {e}"))))
    }

    /// One job's life: wait for each due time, start a run unless the
    /// previous one is still going, and at shutdown wait for the last run.
    async fn job_loop(&self, job: &CronJob, stop: &Cancellation) -> LoopEnd {
        let mut end = LoopEnd {
            job: job.id.clone(),
            runs: 0,
            skipped: 0,
            unfinished: false,
        };
        let mut current: Option<JoinHandle<RunOutcome>> = None;
        let mut previous = self.clock.now();
        'schedule: while let Some(due) = job.schedule.next_after(previous) {
            loop {
                let now = self.clock.now();
                if now >= due {
                    break;
                }
                let nap = (due - now).to_std().unwrap_or_default().min(MAX_NAP);
                tokio::select! {
                    () = stop.cancelled() => break 'schedule,
                    () = tokio::time::sleep(nap) => {}
                }
            }
            if stop.is_cancelled() {
                break;
            }
            let (due, missed) = catch_up(job, due, self.clock.now());
            previous = due;
            if missed > 0 {
                tracing::warn!(job = %job.id, missed, running = %due, "cron runs were missed (suspended, or the clock jumped); running the latest once");
                self.emit(CronEvent::Missed {
                    job: job.id.clone(),
                    missed,
                    running: due,
                });
            }
            if current.as_ref().is_some_and(|h| !h.is_finished()) {
                end.skipped += 1;
                tracing::warn!(job = %job.id, scheduled = %due, skipped_total = end.skipped, "cron run skipped: the previous run is still going");
                self.emit(CronEvent::SkippedOverlap {
                    job: job.id.clone(),
                    scheduled: due,
                    skipped_total: end.skipped,
                });
                continue;
            }
            end.runs += 1;
            current = Some(self.spawn_run(job, due, stop.child()));
        }
        // Stopping (or the schedule has no more times): wait for the last
        // run until the shutdown deadline.
        if let Some(mut handle) = current {
            if !stop.is_cancelled() {
                stop.cancelled().await;
            }
            let deadline = tokio::time::Instant::now() + self.grace_period;
            if tokio::time::timeout_at(deadline, &mut handle)
                .await
                .is_err()
            {
                handle.abort();
                end.unfinished = true;
                tracing::warn!(job = %job.id, grace_s = self.grace_period.as_secs(), "cron run did not finish within the grace period; abandoned");
                self.emit(CronEvent::Finished {
                    job: job.id.clone(),
                    scheduled: previous,
                    outcome: RunOutcome::Abandoned,
                    took: self.grace_period,
                });
            }
        }
        end
    }

    /// Spawns one run, which reports its start and end.
    fn spawn_run(
        &self,
        job: &CronJob,
        scheduled: DateTime<Utc>,
        cancel: Cancellation,
    ) -> JoinHandle<RunOutcome> {
        let run = execute::prepare(self.host, job, scheduled, cancel, self.exec_timeout);
        let events = self.events.clone();
        let id = job.id.clone();
        let span = tracing::info_span!("cron", job = %id);
        tokio::spawn(
            async move {
                if let Some(tx) = &events {
                    let _ = tx.send(CronEvent::Started {
                        job: id.clone(),
                        scheduled,
                    });
                }
                tracing::info!(%scheduled, "cron run started");
                let started = tokio::time::Instant::now();
                let outcome = run.await;
                let took = started.elapsed();
                if outcome.is_success() {
                    tracing::info!(took_ms = took.as_millis() as u64, "cron run succeeded");
                } else {
                    tracing::error!(%outcome, "cron run failed");
                }
                if let Some(tx) = &events {
                    let _ = tx.send(CronEvent::Finished {
                        job: id,
                        scheduled,
                        outcome: outcome.clone(),
                        took,
                    });
                }
                outcome
            }
            .instrument(span)
            .boxed(),
        )
    }

    fn emit(&self, event: CronEvent) {
        if let Some(tx) = &self.events {
            let _ = tx.send(event);
        }
    }
}

/// How one job's loop ended.
struct LoopEnd {
    job: String,
    runs: u64,
    skipped: u64,
    unfinished: bool,
}

/// The latest due time at or before `now`, starting from `due`, and how
/// many earlier ones were passed over.
fn catch_up(job: &CronJob, due: DateTime<Utc>, now: DateTime<Utc>) -> (DateTime<Utc>, u64) {
    let mut latest = due;
    let mut missed = 0;
    while let Some(next) = job.schedule.next_after(latest) {
        if next > now || missed >= 1_000_000 {
            break;
        }
        latest = next;
        missed += 1;
    }
    (latest, missed)
}
