//! The runs of plugin code in progress on workers, per hook or tool, so
//! that one which never returns is known as stuck, named in the log, and
//! not started again and again on fresh threads.
//!
//! A run is stuck once it is past its limit (a hook's time-out, a tool's
//! `tool_timeout_secs`) or once its caller gave up on it (a cancelled tool
//! call). While a hook or tool has stuck runs, a new run starts only as
//! the one probe of whether it works again, and never past
//! [`MAX_STUCK_RUNS`]: so what stuck code holds is bounded per item, and
//! every other item keeps running.

use std::cell::Cell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// How many stuck runs of one hook or tool are kept waiting at most; past
/// it, the hook is skipped (its `on_error` applies) and the tool refused,
/// without a thread.
pub const MAX_STUCK_RUNS: usize = 4;

/// Which hook or tool a run is of: the address of its static declaration.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct RunKey(usize);

impl RunKey {
    pub(crate) fn of<T>(def: &'static T) -> RunKey {
        RunKey(std::ptr::from_ref(def) as usize)
    }
}

/// A hook or tool as the log and messages name it: `plugin::name`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunName {
    /// Its plugin's id.
    pub plugin: &'static str,
    /// The hook's or tool's name.
    pub name: &'static str,
}

impl std::fmt::Display for RunName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}::{}", self.plugin, self.name)
    }
}

/// The runs in progress on workers, per hook or tool.
#[derive(Debug, Default)]
pub(crate) struct Runs {
    items: Mutex<HashMap<RunKey, Item>>,
    next_id: AtomicU64,
}

#[derive(Debug, Default)]
struct Item {
    runs: Vec<Run>,
    /// The stuck count last written to the log, so that it is said once
    /// per change, not once per event that skips the item.
    logged: usize,
}

#[derive(Debug)]
struct Run {
    id: u64,
    /// The worker's unit: the request or event it runs for.
    unit: u64,
    name: RunName,
    started: Instant,
    limit: Option<Duration>,
    abandoned: Arc<AtomicBool>,
}

impl Run {
    fn stuck(&self, now: Instant) -> bool {
        self.abandoned.load(Ordering::Relaxed)
            || self
                .limit
                .is_some_and(|limit| now.saturating_duration_since(self.started) > limit)
    }
}

/// Why a run was not started: the hook or tool is stuck.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stuck {
    /// The hook or tool.
    pub name: RunName,
    /// Its runs that have not returned past their limit.
    pub runs: usize,
    /// How long the oldest of them has run.
    pub oldest: Duration,
}

impl std::fmt::Display for Stuck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "`{}` is stuck: {} earlier run(s) have not returned (the oldest for {:.1} s), so it is not started again until one does",
            self.name,
            self.runs,
            self.oldest.as_secs_f64()
        )
    }
}

/// A run that is past its limit, found for its unit's caller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Overdue {
    /// The hook or tool.
    pub name: RunName,
    /// How long it has run.
    pub running: Duration,
    /// Its limit.
    pub limit: Duration,
}

impl Runs {
    fn lock(&self) -> MutexGuard<'_, HashMap<RunKey, Item>> {
        self.items.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Registers a run of `key` for the worker's unit, unless the item is
    /// stuck. The run is over when the guard drops: on the worker, when
    /// the code returns, so a run that never returns stays registered.
    pub(crate) fn start(
        self: &Arc<Self>,
        key: RunKey,
        name: RunName,
        limit: Option<Duration>,
    ) -> Result<RunGuard, Stuck> {
        let now = Instant::now();
        let mut items = self.lock();
        let item = items.entry(key).or_default();
        let stuck: Vec<&Run> = item.runs.iter().filter(|r| r.stuck(now)).collect();
        if !stuck.is_empty() {
            let probing = stuck.len() < item.runs.len();
            if probing || stuck.len() >= MAX_STUCK_RUNS {
                let refused = Stuck {
                    name,
                    runs: stuck.len(),
                    oldest: stuck
                        .iter()
                        .map(|r| now.saturating_duration_since(r.started))
                        .max()
                        .unwrap_or_default(),
                };
                if item.logged != refused.runs {
                    item.logged = refused.runs;
                    tracing::error!(
                        target: "tackle::stuck",
                        name = %name,
                        stuck = refused.runs,
                        oldest_secs = refused.oldest.as_secs_f64(),
                        "{refused}"
                    );
                }
                return Err(refused);
            }
        } else {
            item.logged = 0;
        }
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let abandoned = Arc::new(AtomicBool::new(false));
        item.runs.push(Run {
            id,
            unit: UNIT.get(),
            name,
            started: now,
            limit,
            abandoned: abandoned.clone(),
        });
        Ok(RunGuard {
            runs: self.clone(),
            key,
            id,
            abandoned,
        })
    }

    /// The first run of `unit` past its limit, if any; and when none is,
    /// the soonest time one could be.
    pub(crate) fn overdue(&self, unit: u64) -> Result<Overdue, Option<Instant>> {
        let now = Instant::now();
        let mut due = None;
        for run in self.lock().values().flat_map(|item| &item.runs) {
            if run.unit != unit {
                continue;
            }
            let Some(limit) = run.limit else { continue };
            if run.stuck(now) {
                let running = now.saturating_duration_since(run.started);
                tracing::error!(
                    target: "tackle::stuck",
                    name = %run.name,
                    running_secs = running.as_secs_f64(),
                    "`{}` has not returned after {:.1} s, past its limit of {:.1} s: it is stuck, and its caller was answered without it",
                    run.name,
                    running.as_secs_f64(),
                    limit.as_secs_f64()
                );
                return Ok(Overdue {
                    name: run.name,
                    running,
                    limit,
                });
            }
            let at = run.started + limit;
            due = Some(due.map_or(at, |d: Instant| d.min(at)));
        }
        Err(due)
    }

    /// Every run past its limit, longest first: for a caller's message.
    pub(crate) fn all_stuck(&self) -> Vec<(RunName, Duration)> {
        let now = Instant::now();
        let mut out: Vec<(RunName, Duration)> = self
            .lock()
            .values()
            .flat_map(|item| &item.runs)
            .filter(|r| r.stuck(now))
            .map(|r| (r.name, now.saturating_duration_since(r.started)))
            .collect();
        out.sort_by_key(|(_, running)| std::cmp::Reverse(*running));
        out
    }

    fn end(&self, key: RunKey, id: u64) {
        let mut items = self.lock();
        if let Some(item) = items.get_mut(&key) {
            item.runs.retain(|r| r.id != id);
            if item.runs.is_empty() {
                items.remove(&key);
            }
        }
    }
}

/// A run in progress; dropping it ends the run.
#[derive(Debug)]
pub(crate) struct RunGuard {
    runs: Arc<Runs>,
    key: RunKey,
    id: u64,
    abandoned: Arc<AtomicBool>,
}

impl RunGuard {
    /// What marks the run abandoned if dropped before [`Abandon::returned`]
    /// (its caller gave up): for the caller's side to hold.
    pub(crate) fn abandon_on_drop(&self) -> Abandon {
        Abandon(Some(self.abandoned.clone()))
    }
}

impl Drop for RunGuard {
    fn drop(&mut self) {
        self.runs.end(self.key, self.id);
    }
}

/// Held by the caller of a run: dropped before the run returned (the
/// caller gave up), it marks the run stuck.
#[derive(Debug)]
pub(crate) struct Abandon(Option<Arc<AtomicBool>>);

impl Abandon {
    /// The run returned: dropping this changes nothing.
    pub(crate) fn returned(mut self) {
        self.0 = None;
    }
}

impl Drop for Abandon {
    fn drop(&mut self) {
        if let Some(flag) = self.0.take() {
            flag.store(true, Ordering::Relaxed);
        }
    }
}

thread_local! {
    /// The unit the current thread works for; 0 off the workers, where
    /// runs are not registered (a hook process, an embedding's own thread).
    static UNIT: Cell<u64> = const { Cell::new(0) };
}

/// Whether this thread is a worker running plugin code for a unit.
pub(crate) fn on_worker() -> bool {
    UNIT.get() != 0
}

/// Marks this thread as working for `unit` until the guard drops.
pub(crate) fn enter(unit: u64) -> UnitGuard {
    UnitGuard(UNIT.replace(unit))
}

/// Restores the thread's unit when dropped.
#[derive(Debug)]
pub(crate) struct UnitGuard(u64);

impl Drop for UnitGuard {
    fn drop(&mut self) {
        UNIT.set(self.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static A: u8 = 0;
    static B: u8 = 0;

    fn named(name: &'static str) -> RunName {
        RunName { plugin: "p", name }
    }

    #[test]
    fn a_stuck_item_gets_one_probe_at_a_time_and_at_most_max_stuck_runs() {
        let runs = Arc::new(Runs::default());
        let _unit = enter(7);
        let (a, b) = (RunKey::of(&A), RunKey::of(&B));
        let limit = Some(Duration::ZERO);
        // Past a zero limit at once: each run is stuck as soon as it starts.
        let first = runs.start(a, named("a"), limit).expect("nothing stuck yet");
        std::thread::sleep(Duration::from_millis(2));
        let mut held = vec![first];
        for n in 1..MAX_STUCK_RUNS {
            held.push(
                runs.start(a, named("a"), limit)
                    .unwrap_or_else(|e| panic!("run {n}: {e}")),
            );
            std::thread::sleep(Duration::from_millis(2));
        }
        let refused = runs
            .start(a, named("a"), limit)
            .expect_err("past the bound");
        assert_eq!((refused.name, refused.runs), (named("a"), MAX_STUCK_RUNS));
        // Another item is not held up.
        let other = runs.start(b, named("b"), None).expect("b runs");
        // One returns: room for a probe again.
        held.pop();
        let probe = runs
            .start(a, named("a"), Some(Duration::from_secs(60)))
            .expect("probe");
        // While the probe runs, nothing else starts.
        assert!(runs.start(a, named("a"), None).is_err());
        drop((probe, other, held));
        assert!(runs.lock().is_empty(), "every run ended");
    }

    #[test]
    fn an_abandoned_run_is_stuck_and_a_returned_one_is_not() {
        let runs = Arc::new(Runs::default());
        let _unit = enter(1);
        let key = RunKey::of(&A);
        let guard = runs.start(key, named("tool"), None).expect("starts");
        guard.abandon_on_drop().returned();
        assert!(runs.all_stuck().is_empty());
        drop(guard.abandon_on_drop());
        assert_eq!(runs.all_stuck().len(), 1);
        drop(guard);
        assert!(runs.all_stuck().is_empty());
    }

    #[test]
    fn overdue_finds_the_units_own_runs_past_their_limit() {
        let runs = Arc::new(Runs::default());
        let unit = enter(3);
        let _waiting = runs
            .start(RunKey::of(&A), named("slow"), Some(Duration::from_secs(60)))
            .expect("starts");
        let due = runs.overdue(3).expect_err("not yet");
        assert!(due.is_some());
        let _late = runs
            .start(RunKey::of(&B), named("late"), Some(Duration::ZERO))
            .expect("starts");
        std::thread::sleep(Duration::from_millis(2));
        assert_eq!(
            runs.overdue(3).expect("late is overdue").name,
            named("late")
        );
        assert!(runs.overdue(4).is_err(), "another unit's runs are not its");
        drop(unit);
        assert!(!on_worker());
    }
}
