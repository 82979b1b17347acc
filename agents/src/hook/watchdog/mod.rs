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
//!
//! The refusal is written ahead, whenever the deadline is set, so that
//! answering at the deadline only writes bytes and exits. On Unix a timer
//! signal does it ([`alarm`]): no thread, which would cost every hook
//! process a clone, a stack and cross-CPU TLB flushes. Elsewhere a thread
//! waits for the deadline ([`waiter`]).

#[cfg(unix)]
mod alarm;
#[cfg(any(not(unix), test))]
mod waiter;

use std::sync::Arc;
use std::time::{Duration, Instant};

use tackle::hook::{HookDef, HookPoint};

use super::reply::Transport;
use super::{Scope, fail, refuses_at, write};
use crate::export::plan::{self, MARGIN};
use tackle_host::{DEFAULT_HOOK_TIMEOUT, Host};

#[cfg(unix)]
use self::alarm as clock;
#[cfg(not(unix))]
use self::waiter as clock;

/// Arms a deadline for one hook process and answers for it if it passes.
/// One per process: the hook binary's `main` starts it.
#[derive(Debug, Clone)]
pub struct Watchdog {
    /// `None` when no fail-closed hook could apply, or the deadline could
    /// not be armed: the process then answers on its own.
    armed: Option<Arc<Armed>>,
}

#[derive(Debug)]
struct Armed {
    scope: Scope,
    started: Instant,
    /// The linked hooks at the event's points, whose budgets add up to
    /// the deadline.
    hooks: Vec<&'static HookDef>,
    clock: clock::Clock,
}

/// The answer given at the deadline, written ahead.
#[derive(Debug)]
pub(super) struct Prepared {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    code: u8,
}

/// Held while the process writes its own answer: the watchdog cannot
/// answer too, nor exit halfway through it.
#[derive(Debug)]
pub struct Answering<'a> {
    _held: Option<clock::Answering<'a>>,
}

impl Watchdog {
    /// Starts the watchdog of `hook <agent> <event>`, started at `started`:
    /// on the deadline, it writes the refusal to the process's stdout and
    /// stderr and exits.
    pub fn start(agent: &str, event: &str, started: Instant) -> Watchdog {
        let scope = Scope::of(agent, event);
        let points = scope.points();
        // Only a refusal is worth answering early: with no fail-closed
        // hook to answer for, nothing is armed or worked out.
        if !tackle::hook::linked_hooks().any(|h| refuses_at(h, &points)) {
            return Watchdog { armed: None };
        }
        // The catch-all observers run at every event, as export counts them.
        let hooks: Vec<&'static HookDef> = tackle::hook::linked_hooks()
            .filter(|h| h.point == HookPoint::AnyEvent || points.contains(&h.point))
            .collect();
        let deadline = started + budget(&hooks, DEFAULT_HOOK_TIMEOUT) + MARGIN / 2;
        let prepared = prepare(&scope, started, deadline);
        // Not armed, the process runs as it would without a watchdog: the
        // agent's timeout still ends it.
        let armed = clock::Clock::arm(deadline, prepared).map(|clock| {
            Arc::new(Armed {
                scope,
                started,
                hooks,
                clock,
            })
        });
        Watchdog { armed }
    }

    /// Moves the deadline to the event's budget as `host`'s config counts
    /// it: only its `hook_timeout_ms` changes what the linked hooks gave.
    pub fn rearm(&self, host: &Host) {
        let Some(default_timeout) = host.config().hook_timeout_ms.map(Duration::from_millis) else {
            return;
        };
        let Some(armed) = &self.armed else { return };
        let deadline = armed.started + budget(&armed.hooks, default_timeout) + MARGIN / 2;
        let prepared = prepare(&armed.scope, armed.started, deadline);
        armed.clock.rearm(deadline, prepared);
    }

    /// The process answers itself: the watchdog stands down for good.
    pub fn answering(&self) -> Answering<'_> {
        Answering {
            _held: self.armed.as_ref().map(|armed| armed.clock.answering()),
        }
    }
}

/// The refusal (or report) the process gives if its hooks have not
/// answered by `deadline`.
fn prepare(scope: &Scope, started: Instant, deadline: Instant) -> Prepared {
    let waited = deadline.saturating_duration_since(started);
    let reply = fail(
        scope,
        format!(
            "its hooks did not answer within {:.1} s, the event's budget from each hook's timeout_ms and 1 s per sync hook",
            waited.as_secs_f64()
        ),
        Transport::Process,
    );
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let code = write(&reply, &mut stdout, &mut stderr);
    Prepared {
        stdout,
        stderr,
        code,
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
