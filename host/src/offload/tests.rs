use std::sync::{Arc, mpsc};
use std::time::Duration;

use super::*;

static SLOW_HOOK: u8 = 0;

/// A worker blocked for good, and the sender that frees it.
async fn blocked(workers: &Workers) -> (Offloaded<()>, mpsc::Sender<()>) {
    let (free, wait) = mpsc::channel::<()>();
    let work = workers
        .offload(move || {
            Box::pin(async move {
                // Blocks the worker's thread, as `std::fs` on a FIFO would.
                let _ = wait.recv();
            })
        })
        .await
        .expect("a worker");
    (work, free)
}

#[tokio::test(flavor = "current_thread")]
async fn a_worker_blocked_for_good_holds_up_neither_the_runtime_nor_other_work() {
    let workers = Workers::default();
    let (stuck, free) = blocked(&workers).await;
    // This thread still runs timers and other tasks...
    tokio::time::sleep(Duration::from_millis(5)).await;
    // ...and other work still runs on its own worker, with timers and tasks.
    let other = workers
        .offload(|| {
            Box::pin(async {
                tokio::time::sleep(Duration::from_millis(1)).await;
                tokio::spawn(async { 6 * 7 }).await.expect("joins")
            })
        })
        .await
        .expect("a worker");
    assert_eq!(other.await, Ok(42));
    // The caller may give up on the blocked one; it ends once freed.
    drop(stuck);
    free.send(()).expect("still waiting");
}

#[tokio::test(flavor = "current_thread")]
async fn past_max_workers_work_waits_a_while_then_is_refused_and_room_comes_back() {
    let workers = Workers::default();
    let mut held = Vec::new();
    for _ in 0..MAX_WORKERS {
        held.push(blocked(&workers).await);
    }
    let refused = workers.offload(|| Box::pin(async {})).await;
    assert_eq!(refused.err(), Some(Busy(MAX_WORKERS)));
    // A worker that comes free within the wait is taken.
    let (first_work, first_free) = held.pop().expect("one");
    let waiting = workers.offload(|| Box::pin(async { "waited" }));
    first_free.send(()).expect("waiting");
    assert_eq!(first_work.await, Ok(()));
    assert_eq!(
        waiting.await.expect("a worker came free").await,
        Ok("waited")
    );
    let (works, frees): (Vec<_>, Vec<_>) = held.into_iter().unzip();
    for free in frees {
        free.send(()).expect("waiting");
    }
    for work in works {
        assert_eq!(work.await, Ok(()));
    }
}

#[tokio::test(flavor = "current_thread")]
async fn work_a_worker_hands_on_takes_no_second_place() {
    let workers = Arc::new(Workers::default());
    let mut held = Vec::new();
    for _ in 0..MAX_WORKERS - 1 {
        held.push(blocked(&workers).await);
    }
    // The last place: a unit that hands its tool to another worker, as a
    // call with hooks does.
    let inner = workers.clone();
    let unit = workers
        .offload(move || {
            Box::pin(async move {
                let tool = inner.offload_sync(|| "the tool ran").await;
                tool.expect("no place needed").await
            })
        })
        .await
        .expect("the last place");
    assert_eq!(unit.await, Ok(Ok("the tool ran")));
    for (work, free) in held {
        free.send(()).expect("waiting");
        assert_eq!(work.await, Ok(()));
    }
}

#[tokio::test(flavor = "current_thread")]
async fn a_run_past_its_limit_ends_its_work_as_overdue_naming_it() {
    let workers = Workers::default();
    let runs = workers.runs.clone();
    let (free, wait) = mpsc::channel::<()>();
    let work = workers
        .offload(move || {
            Box::pin(async move {
                let _run = runs
                    .start(
                        RunKey::of(&SLOW_HOOK),
                        RunName {
                            plugin: "plugin",
                            name: "slow_hook",
                        },
                        Some(Duration::from_millis(20)),
                    )
                    .expect("not stuck");
                let _ = wait.recv();
            })
        })
        .await
        .expect("a worker");
    let Err(Ended::Overdue(overdue)) = work.await else {
        panic!("the blocked run should be overdue");
    };
    assert_eq!(overdue.name.to_string(), "plugin::slow_hook");
    assert!(overdue.running > overdue.limit);
    assert_eq!(workers.runs.all_stuck().len(), 1);
    free.send(()).expect("waiting");
}

#[tokio::test(flavor = "current_thread")]
async fn a_panic_on_a_worker_is_its_works_end_not_the_servers() {
    let workers = Workers::default();
    let work = workers
        .offload::<(), _>(|| Box::pin(async { panic!("plugin bug") }))
        .await
        .expect("a worker");
    assert_eq!(work.await, Err(Ended::Panicked("plugin bug".to_owned())));
}
