//! The wall clock the scheduler reads. Fire times are wall-clock times in a
//! zone, so the scheduler asks "what time is it?" rather than counting
//! elapsed time; tests inject a clock that starts at a chosen date and moves
//! with tokio's (pausable) time.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use tackle_spec::cron::chrono::{DateTime, Utc};

/// What time it is, in UTC.
pub trait WallClock: Send + Sync + 'static {
    /// Now.
    fn now(&self) -> DateTime<Utc>;
}

/// The system's clock: notices suspends and clock changes on its next read.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl WallClock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// A clock that starts at a chosen time and advances with tokio's clock
/// (so `tokio::time::pause` and `advance` drive it), plus jumps made with
/// [`TokioClock::jump`] (a suspend, a clock change) that tokio's timers do
/// not see.
#[derive(Debug, Clone)]
pub struct TokioClock {
    start: DateTime<Utc>,
    origin: tokio::time::Instant,
    jumped: Arc<Mutex<Duration>>,
}

impl TokioClock {
    /// A clock that reads `start` now.
    pub fn starting_at(start: DateTime<Utc>) -> Self {
        TokioClock {
            start,
            origin: tokio::time::Instant::now(),
            jumped: Arc::default(),
        }
    }

    /// Moves the wall clock forward without moving tokio's time, as a
    /// suspended machine sees on waking.
    pub fn jump(&self, by: Duration) {
        *self.jumped.lock().unwrap_or_else(|e| e.into_inner()) += by;
    }
}

impl WallClock for TokioClock {
    fn now(&self) -> DateTime<Utc> {
        let elapsed =
            self.origin.elapsed() + *self.jumped.lock().unwrap_or_else(|e| e.into_inner());
        self.start + elapsed
    }
}
