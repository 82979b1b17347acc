//! Coalescing subagent runs by in-flight key: while a run with a key is
//! under way, a spawn with the same key joins it instead of starting
//! another, and every caller gets the same result.

use std::collections::HashMap;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use futures_util::FutureExt;
use futures_util::future::{Shared, WeakShared};
use tackle::def::BoxFuture;
use tackle::subagent::SpawnError;

/// `(plugin id, subagent name, in-flight key)`.
pub(crate) type Key = (&'static str, &'static str, String);

type Run = Shared<BoxFuture<Result<String, SpawnError>>>;

/// The runs under way, by key.
#[derive(Debug, Default)]
pub(crate) struct InFlight {
    runs: Mutex<HashMap<Key, (u64, RunHandle)>>,
    next: AtomicU64,
}

/// Weak, so that a run every caller dropped is dropped too (and its entry
/// removed) rather than kept alive by the table.
struct RunHandle(WeakShared<BoxFuture<Result<String, SpawnError>>>);

impl std::fmt::Debug for RunHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Run")
    }
}

impl InFlight {
    /// The run under way with `key`, joined; or a new one from `start`,
    /// registered under `key` until it ends (finished, panicked, or dropped
    /// by every caller). `start` is called only for a new run.
    pub(crate) fn run(
        self: &Arc<Self>,
        key: Key,
        start: impl FnOnce() -> BoxFuture<Result<String, SpawnError>>,
    ) -> Run {
        let mut runs = self
            .runs
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(run) = runs
            .get(&key)
            .and_then(|(_, RunHandle(weak))| weak.upgrade())
        {
            tracing::debug!(plugin = key.0, subagent = key.1, key = %key.2, "joining the run under way");
            return run;
        }
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let (plugin, subagent) = (key.0, key.1);
        let guard = Forget {
            in_flight: self.clone(),
            key: key.clone(),
            id,
        };
        // The bridge may panic when asked, or while it runs: both end the
        // run with an error for every caller, never a panic in theirs.
        let work = std::panic::catch_unwind(AssertUnwindSafe(start))
            .map(|future| AssertUnwindSafe(future).catch_unwind());
        let run: BoxFuture<Result<String, SpawnError>> = Box::pin(async move {
            let outcome = match work {
                Ok(work) => work.await,
                Err(panic) => Err(panic),
            };
            drop(guard);
            outcome.unwrap_or_else(|_| {
                Err(SpawnError::Aborted {
                    plugin,
                    subagent,
                    reason: "the subagent bridge panicked".to_owned(),
                })
            })
        });
        let run = run.shared();
        if let Some(weak) = run.downgrade() {
            runs.insert(key, (id, RunHandle(weak)));
        }
        run
    }

    /// How many runs are under way.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.runs.lock().map_or(0, |runs| runs.len())
    }
}

/// Removes a run's entry when the run ends, however it ends; only its own
/// entry (a later run under the same key has another id).
struct Forget {
    in_flight: Arc<InFlight>,
    key: Key,
    id: u64,
}

impl Drop for Forget {
    fn drop(&mut self) {
        let mut runs = self
            .in_flight
            .runs
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if runs.get(&self.key).is_some_and(|(id, _)| *id == self.id) {
            runs.remove(&self.key);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicUsize;

    use tokio::sync::oneshot;

    use super::*;

    fn key(k: &str) -> Key {
        ("p", "s", k.to_owned())
    }

    /// A run that finishes when the returned sender says, counting starts.
    fn gated(
        starts: &Arc<AtomicUsize>,
    ) -> (
        oneshot::Sender<String>,
        impl FnOnce() -> BoxFuture<Result<String, SpawnError>>,
    ) {
        let (tx, rx) = oneshot::channel::<String>();
        let starts = starts.clone();
        let start = move || -> BoxFuture<Result<String, SpawnError>> {
            starts.fetch_add(1, Ordering::SeqCst);
            Box::pin(async move { Ok(rx.await.unwrap_or_default()) })
        };
        (tx, start)
    }

    #[tokio::test]
    async fn a_second_spawn_with_the_key_joins_the_first() {
        let in_flight = Arc::new(InFlight::default());
        let starts = Arc::new(AtomicUsize::new(0));
        let (tx, start) = gated(&starts);
        let first = in_flight.run(key("a"), start);
        let (_unused, start_again) = gated(&starts);
        let second = in_flight.run(key("a"), start_again);
        assert_eq!(starts.load(Ordering::SeqCst), 1);
        assert_eq!(in_flight.len(), 1);
        tx.send("done".into()).expect("receiver alive");
        assert_eq!(first.await, Ok("done".to_owned()));
        assert_eq!(second.await, Ok("done".to_owned()));
        assert_eq!(in_flight.len(), 0, "a finished run is forgotten");

        // After it finished, the same key starts a new run.
        let (tx, start) = gated(&starts);
        let third = in_flight.run(key("a"), start);
        assert_eq!(starts.load(Ordering::SeqCst), 2);
        tx.send("again".into()).expect("receiver alive");
        assert_eq!(third.await, Ok("again".to_owned()));
    }

    #[tokio::test]
    async fn different_keys_run_apart() {
        let in_flight = Arc::new(InFlight::default());
        let starts = Arc::new(AtomicUsize::new(0));
        let (tx_a, start_a) = gated(&starts);
        let (tx_b, start_b) = gated(&starts);
        let a = in_flight.run(key("a"), start_a);
        let b = in_flight.run(key("b"), start_b);
        assert_eq!(starts.load(Ordering::SeqCst), 2);
        tx_b.send("b".into()).expect("alive");
        tx_a.send("a".into()).expect("alive");
        assert_eq!(b.await, Ok("b".to_owned()));
        assert_eq!(a.await, Ok("a".to_owned()));
    }

    #[tokio::test]
    async fn a_run_every_caller_dropped_is_forgotten() {
        let in_flight = Arc::new(InFlight::default());
        let starts = Arc::new(AtomicUsize::new(0));
        let (_tx, start) = gated(&starts);
        let run = in_flight.run(key("a"), start);
        // Polled once, so the guard is inside the running future.
        assert!(run.clone().now_or_never().is_none());
        drop(run);
        assert_eq!(in_flight.len(), 0);
        let (tx, start) = gated(&starts);
        let fresh = in_flight.run(key("a"), start);
        assert_eq!(starts.load(Ordering::SeqCst), 2, "a new run started");
        tx.send("new".into()).expect("alive");
        assert_eq!(fresh.await, Ok("new".to_owned()));
    }

    #[tokio::test]
    async fn a_panicking_bridge_is_an_error_for_every_caller() {
        let in_flight = Arc::new(InFlight::default());
        let start = || -> BoxFuture<Result<String, SpawnError>> {
            Box::pin(async { panic!("bridge bug") })
        };
        let first = in_flight.run(key("a"), start);
        let second = in_flight.run(key("a"), || unreachable!("joined"));
        let aborted = Err(SpawnError::Aborted {
            plugin: "p",
            subagent: "s",
            reason: "the subagent bridge panicked".into(),
        });
        let (a, b) = tokio::join!(first, second);
        assert_eq!(a, aborted);
        assert_eq!(b, aborted);
        assert_eq!(in_flight.len(), 0);
    }
}
