//! The store's own thread, where its connection lives: the store's
//! methods are synchronous and are called from hook code, on a server's
//! worker threads (inside `Handle::block_on`) or on the hook process's only
//! runtime thread, where blocking on a future of that runtime would
//! deadlock. So each call is a task on this thread's runtime, and the
//! caller waits on a plain channel, never past its deadline.

use std::future::Future;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use tokio::runtime::Handle;
use tokio::sync::oneshot;

/// How long past its deadline a caller waits for the task's own answer
/// (the task stops itself at the deadline): scheduling, not I/O.
const SLACK: Duration = Duration::from_millis(20);

/// The thread and its runtime; both end when this is dropped.
#[derive(Debug)]
pub(crate) struct Worker {
    handle: Handle,
    _stop: oneshot::Sender<()>,
}

impl Worker {
    /// Starts the thread.
    pub(crate) fn start() -> std::io::Result<Worker> {
        let (stop, stopped) = oneshot::channel::<()>();
        let (started, handle) = mpsc::sync_channel(1);
        // The runtime is made and dropped on its own thread: dropping one
        // on the caller's, inside its runtime, would panic.
        std::thread::Builder::new()
            .name("tackle-session-store".into())
            .spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build();
                match runtime {
                    Ok(runtime) => {
                        let _ = started.send(Ok(runtime.handle().clone()));
                        // Until the store is dropped; its tasks end with it.
                        let _ = runtime.block_on(stopped);
                    }
                    Err(e) => {
                        let _ = started.send(Err(e));
                    }
                }
            })?;
        let handle = handle
            .recv()
            .map_err(|_| std::io::Error::other("the store's thread ended as it started"))??;
        Ok(Worker {
            handle,
            _stop: stop,
        })
    }

    /// Runs `task` on the thread and waits for its outcome until
    /// `deadline`; `None` when it had none by then (the task is stopped at
    /// the deadline too).
    pub(crate) fn run<T: Send + 'static>(
        &self,
        deadline: Instant,
        task: impl Future<Output = T> + Send + 'static,
    ) -> Option<T> {
        let (tx, rx) = mpsc::sync_channel(1);
        self.handle.spawn(async move {
            if let Ok(out) = tokio::time::timeout_at(deadline.into(), task).await {
                let _ = tx.send(out);
            }
        });
        let wait = deadline.saturating_duration_since(Instant::now()) + SLACK;
        rx.recv_timeout(wait).ok()
    }

    /// Runs `task` on the thread without waiting for it.
    pub(crate) fn spawn(&self, task: impl Future<Output = ()> + Send + 'static) {
        self.handle.spawn(task);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_task_answers_and_one_past_its_deadline_does_not() {
        let worker = Worker::start().expect("starts");
        let soon = Instant::now() + Duration::from_secs(10);
        assert_eq!(worker.run(soon, async { 7 }), Some(7));
        let now = Instant::now() + Duration::from_millis(10);
        assert_eq!(worker.run(now, std::future::pending::<u8>()), None);
    }

    #[tokio::test(flavor = "current_thread")]
    async fn it_can_be_waited_on_from_inside_another_runtime() {
        // As a sync hook in the hook process calls it: on a runtime thread.
        let worker = Worker::start().expect("starts");
        let soon = Instant::now() + Duration::from_secs(10);
        let out = worker.run(soon, async {
            tokio::time::sleep(Duration::from_millis(1)).await;
            "answered"
        });
        assert_eq!(out, Some("answered"));
    }
}
