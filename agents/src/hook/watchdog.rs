//! The hook process's deadline: a hook that never returns (a sync hook
//! blocked on I/O, a plugin whose start hangs) stops the process before
//! the agent's own timeout does, so a fail-closed hook's event is refused
//! rather than left to the agent, which (Claude Code with
//! `onFailure: "block"` aside) lets a timed-out hook's call through.
//!
//! The deadline is the event's budget as `export` counts it (each hook's
//! limit, one second per sync hook) plus half the margin `export` adds for
//! the process itself, from the process's start: first from the linked
//! hooks alone, then, once the host is built, with its config's
//! `hook_timeout_ms` for the async hooks without a limit of their own.
//! Where no fail-closed hook could apply, there is no watchdog and the
//! agent's timeout ends the process as before.

use std::io::Write;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use tackle::hook::{HookDef, HookPoint};

use super::reply::Transport;
use super::{Scope, fail, refuses_at, write};
use crate::export::plan::{self, MARGIN};
use tackle_host::{DEFAULT_HOOK_TIMEOUT, Host};

/// Arms a deadline for one hook process and answers for it if it passes.
#[derive(Debug, Clone)]
pub struct Watchdog {
    shared: Arc<(Mutex<State>, Condvar)>,
    started: Instant,
    /// The linked hooks at the event's points, whose budgets add up to
    /// the deadline.
    hooks: Arc<[&'static HookDef]>,
    /// Whether a thread watches the deadline.
    armed: bool,
}

#[derive(Debug)]
struct State {
    deadline: Instant,
    /// The process has written (or is writing) its own answer.
    answered: bool,
}

/// Held while the process writes its answer: the watchdog cannot answer
/// too, nor exit halfway through it.
#[derive(Debug)]
pub struct Answering<'a> {
    _held: MutexGuard<'a, State>,
}

impl Watchdog {
    /// Starts the watchdog of `hook <agent> <event>`, started at `started`:
    /// on the deadline, it writes the refusal to the process's stdout and
    /// stderr and exits.
    pub fn start(agent: &str, event: &str, started: Instant) -> Watchdog {
        let scope = Scope::of(agent, event);
        let points = scope.points();
        // Only a refusal is worth answering early: with no fail-closed
        // hook to answer for, no thread, and nothing more is worked out.
        if !tackle::hook::linked_hooks().any(|h| refuses_at(h, &points)) {
            return Watchdog::unarmed(started);
        }
        // The catch-all observers run at every event, as export counts them.
        let hooks: Arc<[&'static HookDef]> = tackle::hook::linked_hooks()
            .filter(|h| h.point == HookPoint::AnyEvent || points.contains(&h.point))
            .collect();
        let mut watchdog = Watchdog {
            shared: Arc::new((
                Mutex::new(State {
                    deadline: started + budget(&hooks, DEFAULT_HOOK_TIMEOUT) + MARGIN / 2,
                    answered: false,
                }),
                Condvar::new(),
            )),
            started,
            hooks,
            armed: false,
        };
        let watching = watchdog.clone();
        // Without the thread the process runs as it would without a
        // watchdog: the agent's timeout still ends it.
        watchdog.armed = std::thread::Builder::new()
            .name("tackle-hook-watchdog".into())
            .spawn(move || watching.watch(&scope))
            .is_ok();
        watchdog
    }

    /// A watchdog with no thread: the process answers on its own.
    fn unarmed(started: Instant) -> Watchdog {
        Watchdog {
            shared: Arc::new((
                Mutex::new(State {
                    deadline: started,
                    answered: false,
                }),
                Condvar::new(),
            )),
            started,
            hooks: Arc::new([]),
            armed: false,
        }
    }

    /// Moves the deadline to the event's budget as `host`'s config counts
    /// it: only its `hook_timeout_ms` changes what the linked hooks gave.
    pub fn rearm(&self, host: &Host) {
        let Some(default_timeout) = host.config().hook_timeout_ms.map(Duration::from_millis) else {
            return;
        };
        if !self.armed {
            return;
        }
        let budget = budget(&self.hooks, default_timeout);
        let (lock, wake) = &*self.shared;
        let mut state = lock.lock().unwrap_or_else(PoisonError::into_inner);
        state.deadline = self.started + budget + MARGIN / 2;
        wake.notify_all();
    }

    /// The process answers itself: the watchdog stands down for good.
    pub fn answering(&self) -> Answering<'_> {
        let (lock, wake) = &*self.shared;
        let mut state = lock.lock().unwrap_or_else(PoisonError::into_inner);
        state.answered = true;
        wake.notify_all();
        Answering { _held: state }
    }

    fn watch(&self, scope: &Scope) {
        let (lock, wake) = &*self.shared;
        let mut state = lock.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            if state.answered {
                return;
            }
            let now = Instant::now();
            if now >= state.deadline {
                break;
            }
            let left = state.deadline - now;
            state = wake
                .wait_timeout(state, left)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
        let waited = state.deadline.saturating_duration_since(self.started);
        let reply = fail(
            scope,
            format!(
                "its hooks did not answer within {:.1} s, the event's budget from each hook's timeout_ms and 1 s per sync hook",
                waited.as_secs_f64()
            ),
            Transport::Process,
        );
        let code = write(&reply, &mut std::io::stdout(), &mut std::io::stderr());
        let _ = std::io::stdout().flush();
        // With the lock held: the process's own answer can no longer start.
        std::process::exit(i32::from(code));
    }
}

/// What `hooks` are counted for together, an async hook without a limit of
/// its own for `default_timeout`.
pub(super) fn budget(hooks: &[&'static HookDef], default_timeout: Duration) -> Duration {
    hooks
        .iter()
        .map(|h| plan::hook_budget(h, default_timeout))
        .fold(Duration::ZERO, Duration::saturating_add)
}
