//! The deadline as a thread that waits for it, where there are no timer
//! signals: at the deadline it writes the prepared answer and exits the
//! process. (Built on Unix for its tests only.)

use std::io::Write;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Instant;

use super::Prepared;

/// The waiting thread's deadline and answer.
#[derive(Debug)]
pub(super) struct Clock {
    shared: Arc<(Mutex<State>, Condvar)>,
}

#[derive(Debug)]
struct State {
    deadline: Instant,
    prepared: Prepared,
    /// The process has written (or is writing) its own answer.
    answered: bool,
}

/// Held while the process writes its answer: the thread cannot answer
/// too, nor exit halfway through it.
#[derive(Debug)]
pub(super) struct Answering<'a> {
    _held: MutexGuard<'a, State>,
}

impl Clock {
    /// Starts the thread; `None` if it cannot be started.
    #[cfg_attr(unix, allow(dead_code))]
    pub(super) fn arm(deadline: Instant, prepared: Prepared) -> Option<Clock> {
        Clock::arm_with(deadline, prepared, answer_and_exit)
    }

    /// Starts the thread, which calls `fire` at the deadline (with the
    /// lock held: the process's own answer can no longer start).
    fn arm_with(deadline: Instant, prepared: Prepared, fire: fn(&Prepared)) -> Option<Clock> {
        let state = State {
            deadline,
            prepared,
            answered: false,
        };
        let shared = Arc::new((Mutex::new(state), Condvar::new()));
        let watching = shared.clone();
        std::thread::Builder::new()
            .name("tackle-hook-watchdog".into())
            .spawn(move || watch(&watching, fire))
            .ok()?;
        Some(Clock { shared })
    }

    /// Moves the deadline, with the answer for it.
    pub(super) fn rearm(&self, deadline: Instant, prepared: Prepared) {
        let (lock, wake) = &*self.shared;
        let mut state = lock.lock().unwrap_or_else(PoisonError::into_inner);
        state.deadline = deadline;
        state.prepared = prepared;
        wake.notify_all();
    }

    /// The process answers itself: the thread stands down for good.
    pub(super) fn answering(&self) -> Answering<'_> {
        let (lock, wake) = &*self.shared;
        let mut state = lock.lock().unwrap_or_else(PoisonError::into_inner);
        state.answered = true;
        wake.notify_all();
        Answering { _held: state }
    }
}

fn watch(shared: &(Mutex<State>, Condvar), fire: fn(&Prepared)) {
    let (lock, wake) = shared;
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
    fire(&state.prepared);
}

#[cfg_attr(unix, allow(dead_code))]
fn answer_and_exit(prepared: &Prepared) {
    let mut stdout = std::io::stdout();
    let _ = stdout.write_all(&prepared.stdout);
    let _ = stdout.flush();
    let _ = std::io::stderr().write_all(&prepared.stderr);
    std::process::exit(i32::from(prepared.code));
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc::{Receiver, Sender, channel};
    use std::time::Duration;

    use super::*;

    /// Where `record` sends what it fired with, per test (by its stdout).
    static FIRED: Mutex<Vec<(Vec<u8>, Sender<u8>)>> = Mutex::new(Vec::new());

    fn record(prepared: &Prepared) {
        let fired = FIRED.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, sender)) = fired.iter().find(|(name, _)| *name == prepared.stdout) {
            let _ = sender.send(prepared.code);
        }
    }

    fn answer(name: &str, code: u8) -> (Prepared, Receiver<u8>) {
        let (sender, receiver) = channel();
        let stdout = name.as_bytes().to_vec();
        FIRED
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push((stdout.clone(), sender));
        let prepared = Prepared {
            stdout,
            stderr: Vec::new(),
            code,
        };
        (prepared, receiver)
    }

    #[test]
    fn at_the_deadline_the_prepared_answer_is_given_once() {
        let (prepared, fired) = answer("fires", 2);
        let deadline = Instant::now() + Duration::from_millis(50);
        let _clock = Clock::arm_with(deadline, prepared, record).expect("a thread");
        assert_eq!(fired.recv_timeout(Duration::from_secs(10)), Ok(2));
        assert!(Instant::now() >= deadline);
        assert!(
            fired.recv_timeout(Duration::from_millis(100)).is_err(),
            "once"
        );
    }

    #[test]
    fn a_process_that_answers_first_is_never_answered_for() {
        let (prepared, fired) = answer("stands down", 2);
        let deadline = Instant::now() + Duration::from_millis(100);
        let clock = Clock::arm_with(deadline, prepared, record).expect("a thread");
        drop(clock.answering());
        assert!(fired.recv_timeout(Duration::from_millis(400)).is_err());
    }

    #[test]
    fn a_rearmed_deadline_gives_the_new_answer_at_the_new_time() {
        let (first, _) = answer("first", 1);
        let (second, fired) = answer("second", 3);
        let start = Instant::now();
        let clock =
            Clock::arm_with(start + Duration::from_millis(50), first, record).expect("a thread");
        clock.rearm(start + Duration::from_millis(300), second);
        assert_eq!(fired.recv_timeout(Duration::from_secs(10)), Ok(3));
        assert!(start.elapsed() >= Duration::from_millis(300));
    }
}
