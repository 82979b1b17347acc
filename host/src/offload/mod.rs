//! Plugin code off the threads that serve requests.
//!
//! A long-lived server (the MCP server, hooks served over MCP or HTTP)
//! must keep answering whatever a plugin does: an `async fn` that blocks
//! its thread (a `std::fs` read of a FIFO), a sync hook that never
//! returns, a loop without end, a panic. So it runs plugin code on worker
//! threads ([`Host::offload`]) and only waits on the thread that reads
//! requests, where its deadlines can still fire:
//!
//! - each unit of work (a tool call with its hooks, a hook event) has a
//!   worker of its own, at most [`MAX_WORKERS`] at once (work a unit hands
//!   to another worker, as a call hands its tool, counts as the unit's);
//!   one more waits [`BUSY_WAIT`] at most for a worker to come free, then
//!   is refused ([`Busy`]);
//! - on a worker, every hook and tool run is registered: one
//!   past its limit is *stuck*, its caller is answered without it
//!   ([`Offloaded`] ends with [`Ended::Overdue`]) and the log names it; a
//!   stuck hook is skipped by later events (its `on_error` applies) and a
//!   stuck tool refused, but for one probe at a time, so that stuck code
//!   holds at most [`MAX_STUCK_RUNS`] threads per hook or tool.
//!
//! Code that runs inline (the hook process, an embedding's own dispatch)
//! is not registered: there, the caller owns the thread.

mod runs;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use tackle::def::BoxFuture;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::task::JoinHandle;
use tokio::time::Sleep;
use tokio_util::sync::{CancellationToken, DropGuard};

use crate::Host;
pub use runs::{MAX_STUCK_RUNS, Overdue, RunName, Stuck};
pub(crate) use runs::{RunGuard, RunKey, on_worker};

/// How many units of plugin work may run on workers at once; one more is
/// refused ([`Busy`]). Below tokio's blocking pool (512 threads), so that
/// file and other blocking I/O of the server always finds a thread.
pub const MAX_WORKERS: usize = 256;

/// The blocking threads a server's runtime should allow: a worker per unit
/// and one more for the tool it hands on, and as many again for stuck runs
/// and the server's own blocking I/O (tokio's default is 512).
pub const BLOCKING_THREADS: usize = 3 * MAX_WORKERS;

/// How long work waits for a free worker before it is refused: long enough
/// for a burst of quick calls, short enough that workers all held by stuck
/// code answer a caller well within an agent's hook time-out.
pub const BUSY_WAIT: Duration = Duration::from_secs(2);

/// How often a caller looks for a stuck run when none is due sooner.
const RECHECK: Duration = Duration::from_millis(250);

/// The workers of one host: the bound on them and the runs on them.
#[derive(Debug)]
pub(crate) struct Workers {
    permits: Arc<Semaphore>,
    next_unit: AtomicU64,
    pub(crate) runs: Arc<runs::Runs>,
}

impl Default for Workers {
    fn default() -> Self {
        Workers {
            permits: Arc::new(Semaphore::new(MAX_WORKERS)),
            next_unit: AtomicU64::new(1),
            runs: Arc::default(),
        }
    }
}

/// No worker came free within [`BUSY_WAIT`]: [`MAX_WORKERS`] units of
/// plugin work are running (some of them, likely, stuck).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "the server has been running {0} plugin calls at once, the most it runs, for {secs} s (see its log for stuck hooks and tools); retry",
    secs = BUSY_WAIT.as_secs()
)]
pub struct Busy(pub usize);

/// How offloaded work ended without its value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Ended {
    /// A hook or tool it ran is past its limit: the work was given up.
    #[error("`{}` did not return within {:.1} s, its limit: it is stuck", .0.name, .0.limit.as_secs_f64())]
    Overdue(Overdue),
    /// It panicked.
    #[error("it panicked: {0}")]
    Panicked(String),
    /// Its thread stopped first (the runtime shut down).
    #[error("its thread stopped before it returned")]
    Stopped,
}

/// Worker threads: plugin code run off the caller's thread.
impl Host {
    /// Runs `work` on a worker thread of its own, driven by the current
    /// tokio runtime (its timers and I/O still work). The future returned
    /// ends with the work's value, or earlier with [`Ended::Overdue`] once
    /// a hook or tool it runs is past its limit. Dropping it stops `work`
    /// at its next `.await`; a thread blocked for good is left to itself.
    ///
    /// # Errors
    ///
    /// [`Busy`] when [`MAX_WORKERS`] units run for all of [`BUSY_WAIT`].
    ///
    /// # Panics
    ///
    /// Outside a tokio runtime.
    pub async fn offload<T, F>(&self, work: F) -> Result<Offloaded<T>, Busy>
    where
        T: Send + 'static,
        F: FnOnce() -> BoxFuture<T> + Send + 'static,
    {
        self.workers.offload(work).await
    }

    /// The hook and tool runs past their limit now, longest first, by name.
    pub fn stuck_runs(&self) -> Vec<(RunName, Duration)> {
        self.workers.runs.all_stuck()
    }

    /// Registers a run of the hook or tool `def` if this thread is a
    /// worker: `Ok(None)` off the workers, where nothing is registered.
    pub(crate) fn start_run<D>(
        &self,
        def: &'static D,
        name: RunName,
        limit: Option<Duration>,
    ) -> Result<Option<RunGuard>, Stuck> {
        if !on_worker() {
            return Ok(None);
        }
        self.workers
            .runs
            .start(RunKey::of(def), name, limit)
            .map(Some)
    }
}

impl Workers {
    /// [`Host::offload`].
    pub(crate) async fn offload<T, F>(&self, work: F) -> Result<Offloaded<T>, Busy>
    where
        T: Send + 'static,
        F: FnOnce() -> BoxFuture<T> + Send + 'static,
    {
        let permit = self.permit().await?;
        Ok(self.spawn(permit, move |stopped| {
            let runtime = tokio::runtime::Handle::current();
            runtime.block_on(async move {
                tokio::select! {
                    biased;
                    () = stopped.cancelled() => None,
                    value = work() => Some(value),
                }
            })
        }))
    }

    /// Runs sync `work` on a worker: not inside the runtime's `block_on`,
    /// so that code which starts one of its own still can.
    pub(crate) async fn offload_sync<T, F>(&self, work: F) -> Result<Offloaded<T>, Busy>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let permit = self.permit().await?;
        Ok(self.spawn(permit, move |_| Some(work())))
    }

    /// A worker's place: none needed on a worker already (the unit holds
    /// one), else one of [`MAX_WORKERS`], waited for [`BUSY_WAIT`] at most.
    async fn permit(&self) -> Result<Option<OwnedSemaphorePermit>, Busy> {
        if on_worker() {
            return Ok(None);
        }
        let waited = tokio::time::timeout(BUSY_WAIT, self.permits.clone().acquire_owned()).await;
        match waited {
            Ok(Ok(permit)) => Ok(Some(permit)),
            // Never closed; and past the wait, every worker is held.
            Ok(Err(_)) | Err(_) => Err(Busy(MAX_WORKERS)),
        }
    }

    fn spawn<T, F>(&self, permit: Option<OwnedSemaphorePermit>, work: F) -> Offloaded<T>
    where
        T: Send + 'static,
        F: FnOnce(CancellationToken) -> Option<T> + Send + 'static,
    {
        let unit = self.next_unit.fetch_add(1, Ordering::Relaxed);
        let stop = CancellationToken::new();
        let stopped = stop.clone();
        let task = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let _unit = runs::enter(unit);
            work(stopped)
        });
        Offloaded {
            unit,
            task,
            runs: self.runs.clone(),
            check: None,
            _stop: stop.drop_guard(),
        }
    }
}

/// Work running on a worker ([`Host::offload`]). Dropped, it stops the
/// work at its next `.await`, unless [`detach`](Offloaded::detach)ed.
#[derive(Debug)]
pub struct Offloaded<T> {
    unit: u64,
    task: JoinHandle<Option<T>>,
    runs: Arc<runs::Runs>,
    /// When to look for a stuck run next.
    check: Option<Pin<Box<Sleep>>>,
    _stop: DropGuard,
}

impl<T> Offloaded<T> {
    /// Lets the work run on to its end alone, its value unused.
    pub fn detach(self) {
        let Offloaded { _stop, .. } = self;
        _stop.disarm();
    }
}

impl<T> Future for Offloaded<T> {
    type Output = Result<T, Ended>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.get_mut();
        if let Poll::Ready(joined) = Pin::new(&mut this.task).poll(cx) {
            return Poll::Ready(match joined {
                Ok(Some(value)) => Ok(value),
                Ok(None) => Err(Ended::Stopped),
                Err(e) if e.is_panic() => {
                    Err(Ended::Panicked(crate::panic_message(&e.into_panic())))
                }
                Err(_) => Err(Ended::Stopped),
            });
        }
        loop {
            let check = this
                .check
                .get_or_insert_with(|| Box::pin(tokio::time::sleep(RECHECK)));
            if check.as_mut().poll(cx).is_pending() {
                return Poll::Pending;
            }
            let next = match this.runs.overdue(this.unit) {
                Ok(overdue) => return Poll::Ready(Err(Ended::Overdue(overdue))),
                // Just past the soonest limit, so that the run is past it.
                Err(Some(due)) => due.max(Instant::now()) + Duration::from_millis(1),
                Err(None) => Instant::now() + RECHECK,
            };
            check.as_mut().reset(next.into());
        }
    }
}

#[cfg(test)]
mod tests;
