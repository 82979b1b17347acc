//! What a store tells its host besides values: problems it reported and
//! the host has not shown yet, and new sessions it turned away. Every
//! store of tackle's (memory, files, Redis) says these the same way; an
//! embedder's own store can too.

use std::collections::VecDeque;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How many reported problems are kept for `SessionStore::take_problems`:
/// a host that never asks (a long-lived server) holds no more than these.
const KEPT: usize = 16;

/// The problems a store reported ([`SessionStore::report`]) and the host
/// has not taken ([`SessionStore::take_problems`]): each logged at once,
/// the last 16 kept.
///
/// [`SessionStore::report`]: super::SessionStore::report
/// [`SessionStore::take_problems`]: super::SessionStore::take_problems
#[derive(Debug, Default)]
pub struct Problems(Mutex<VecDeque<String>>);

impl Problems {
    /// Logs `problem` and keeps it, dropping the oldest past 16.
    pub fn push(&self, problem: String) {
        tracing::warn!(target: "tackle::session", "{problem}");
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if kept.len() == KEPT {
            kept.pop_front();
        }
        kept.push_back(problem);
    }

    /// The problems kept, oldest first; none are kept after.
    pub fn take(&self) -> Vec<String> {
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        kept.drain(..).collect()
    }
}

/// How often the log says again that new sessions go without stored values.
const OVERFLOW_EVERY: Duration = Duration::from_secs(60);

/// New sessions served without stored values because every session kept is
/// active ([`SessionLimits::active`](super::SessionLimits::active)): said
/// in the log at once, then at most once a minute with the count since, so
/// that a flood of ids cannot flood the log too.
#[derive(Debug, Default)]
pub struct Overflow(Mutex<Option<(Instant, u64)>>);

impl Overflow {
    /// Session `session` is served without stored values; `kept` sessions
    /// are kept.
    pub fn note(&self, session: &str, kept: usize) {
        let mut last = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        match &mut *last {
            Some((said, count)) if now.duration_since(*said) < OVERFLOW_EVERY => *count += 1,
            _ => {
                let since = last.map_or(0, |(_, count)| count);
                tracing::warn!(
                    target: "tackle::session",
                    session,
                    kept,
                    unstored_since_last = since,
                    "the session store is full of active sessions ({kept}, each updated within its `active` time): session {session:?} is served without stored values, its hooks start from their defaults (and {since} more since this was last said)"
                );
                *last = Some((now, 0));
            }
        }
    }
}
