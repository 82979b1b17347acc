//! Whether the store answers, as its calls and probes found: what
//! `SessionStore::health` shows, and the log lines when it goes away and
//! comes back.

use std::sync::Mutex;
use std::time::SystemTime;

use tackle::session::StoreHealth;

/// The store's reachability, updated by every call's outcome.
#[derive(Debug)]
pub(crate) struct Health {
    name: String,
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    /// Since when calls have failed to reach it.
    down_since: Option<SystemTime>,
    last_error: Option<String>,
}

impl Health {
    pub(crate) fn new(name: &str) -> Health {
        Health {
            name: name.to_owned(),
            state: Mutex::new(State::default()),
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// It answered.
    pub(crate) fn answered(&self) {
        let mut state = self.state();
        if let Some(since) = state.down_since.take() {
            let secs = since.elapsed().map_or(0, |d| d.as_secs());
            tracing::warn!(
                target: "tackle::session",
                store = %self.name,
                "the session store {} answers again, after {secs} s: session values are kept again",
                self.name
            );
        }
    }

    /// It could not be reached: `error` says how.
    pub(crate) fn unreachable(&self, error: &str) {
        let mut state = self.state();
        if state.down_since.is_none() {
            state.down_since = Some(SystemTime::now());
            tracing::warn!(
                target: "tackle::session",
                store = %self.name,
                "the session store {} cannot be reached ({error}): hooks that need session values fail (fail-closed ones refuse) until it answers again",
                self.name
            );
        }
        state.last_error = Some(error.to_owned());
    }

    /// It answered with an error of its own (a command refused).
    pub(crate) fn refused(&self, error: &str) {
        let mut state = self.state();
        state.down_since = None;
        state.last_error = Some(error.to_owned());
    }

    pub(crate) fn view(&self) -> StoreHealth {
        let state = self.state();
        match state.down_since {
            Some(since) => StoreHealth::unreachable(
                self.name.clone(),
                since,
                state.last_error.clone().unwrap_or_default(),
            ),
            None => {
                StoreHealth::reachable(self.name.clone()).with_last_error(state.last_error.clone())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn down_since_the_first_failure_and_up_at_the_next_answer() {
        let health = Health::new("redis://h:1/0");
        assert!(health.view().reachable);
        health.unreachable("connection refused");
        let first = health.view();
        health.unreachable("timed out");
        let second = health.view();
        assert!(!second.reachable);
        assert_eq!(
            second.unreachable_since, first.unreachable_since,
            "since the first"
        );
        assert_eq!(second.last_error.as_deref(), Some("timed out"));
        health.answered();
        let up = health.view();
        assert!(up.reachable && up.unreachable_since.is_none());
        assert_eq!(up.last_error.as_deref(), Some("timed out"), "kept");
        assert_eq!(up.store, "redis://h:1/0");
    }
}
