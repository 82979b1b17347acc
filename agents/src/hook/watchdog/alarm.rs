//! The deadline as a timer signal: `setitimer(ITIMER_REAL)` raises
//! `SIGALRM` at the deadline, and its handler writes the prepared answer
//! to stdout and stderr and `_exit`s.
//!
//! The handler does only what is safe in a signal handler (atomics,
//! `write(2)`, `_exit(2)`): the answer is built before each arming and
//! never freed (a process builds two at most), so it is whole whenever the
//! signal comes. Whoever first sets [`ANSWERED`], the process or the
//! handler, answers; the other stands down.

// The only unsafe code of tackle: installing a signal handler and setting
// a timer are C calls with no safe wrapper for this use in a maintained
// crate (rustix has no `setitimer`; its `sigaction` is for programs
// without libc).
#![allow(unsafe_code)]

use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, AtomicPtr, Ordering};
use std::time::{Duration, Instant};

use super::Prepared;

/// The answer the handler writes: published before each arming, never
/// freed.
static PREPARED: AtomicPtr<Prepared> = AtomicPtr::new(std::ptr::null_mut());

/// Set by whoever answers first: the process or the handler.
static ANSWERED: AtomicBool = AtomicBool::new(false);

/// The armed timer (one per process).
#[derive(Debug)]
pub(super) struct Clock {
    _armed: (),
}

/// The process is answering: the handler no longer will.
#[derive(Debug)]
pub(super) struct Answering<'a> {
    _clock: PhantomData<&'a Clock>,
}

impl Clock {
    /// Installs the handler and sets the timer for `deadline`; `None` if
    /// either fails.
    pub(super) fn arm(deadline: Instant, prepared: Prepared) -> Option<Clock> {
        publish(prepared);
        let handler: extern "C" fn(libc::c_int) = on_alarm;
        // SAFETY: `action` is fully initialised (zeroed, then its handler,
        // flags and an emptied mask); the handler only calls
        // async-signal-safe functions. SA_RESTART resumes the process's
        // interrupted calls when the handler returns (after the process
        // answered).
        let installed = unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = handler as libc::sighandler_t;
            action.sa_flags = libc::SA_RESTART;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(libc::SIGALRM, &action, std::ptr::null_mut()) == 0
        };
        (installed && set_timer(deadline)).then_some(Clock { _armed: () })
    }

    /// Moves the deadline, with the answer for it.
    pub(super) fn rearm(&self, deadline: Instant, prepared: Prepared) {
        publish(prepared);
        // Failing, the timer set before stays.
        set_timer(deadline);
    }

    /// The process answers itself: the timer is stopped, and a signal
    /// still on its way finds the answer taken.
    pub(super) fn answering(&self) -> Answering<'_> {
        if ANSWERED.swap(true, Ordering::SeqCst) {
            // The handler is answering on another thread, and exits the
            // process when done: this thread must not write.
            loop {
                std::thread::park();
            }
        }
        set_itimer(Duration::ZERO);
        Answering {
            _clock: PhantomData,
        }
    }
}

/// Makes `prepared` the handler's answer. The one it replaces stays
/// allocated: the handler may be reading it.
fn publish(prepared: Prepared) {
    PREPARED.store(Box::into_raw(Box::new(prepared)), Ordering::SeqCst);
}

/// Sets the timer for `deadline`, at least a microsecond away (zero would
/// stop it).
fn set_timer(deadline: Instant) -> bool {
    let left = deadline.saturating_duration_since(Instant::now());
    set_itimer(left.max(Duration::from_micros(1)))
}

/// `setitimer(ITIMER_REAL)` for `left` (zero: stopped), once.
fn set_itimer(left: Duration) -> bool {
    let value = libc::timeval {
        tv_sec: libc::time_t::try_from(left.as_secs()).unwrap_or(libc::time_t::MAX),
        tv_usec: left.subsec_micros() as libc::suseconds_t,
    };
    let timer = libc::itimerval {
        it_interval: libc::timeval {
            tv_sec: 0,
            tv_usec: 0,
        },
        it_value: value,
    };
    // SAFETY: `timer` is a valid itimerval; the old value is not asked for.
    unsafe { libc::setitimer(libc::ITIMER_REAL, &timer, std::ptr::null_mut()) == 0 }
}

extern "C" fn on_alarm(_: libc::c_int) {
    if ANSWERED.swap(true, Ordering::SeqCst) {
        return;
    }
    // SAFETY: published before the timer was set and never freed.
    let Some(prepared) = (unsafe { PREPARED.load(Ordering::SeqCst).as_ref() }) else {
        ANSWERED.store(false, Ordering::SeqCst);
        return;
    };
    write_all(libc::STDOUT_FILENO, &prepared.stdout);
    write_all(libc::STDERR_FILENO, &prepared.stderr);
    // SAFETY: `_exit` ends the process without running anything more,
    // which is what a signal handler may do.
    unsafe { libc::_exit(libc::c_int::from(prepared.code)) }
}

/// `write(2)` until `bytes` are out or the descriptor fails.
fn write_all(fd: libc::c_int, mut bytes: &[u8]) {
    while !bytes.is_empty() {
        // SAFETY: `bytes` is a live slice of `bytes.len()` bytes.
        let written = unsafe { libc::write(fd, bytes.as_ptr().cast(), bytes.len()) };
        match usize::try_from(written) {
            Ok(0) => return,
            Ok(n) => bytes = &bytes[n.min(bytes.len())..],
            Err(_) if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted => {
            }
            Err(_) => return,
        }
    }
}
