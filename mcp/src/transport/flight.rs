//! The requests the client is owed an answer for.
//!
//! Two rules rest on this ledger. The reader stops reading while
//! [`MAX_IN_FLIGHT`] requests, or [`MAX_IN_FLIGHT_BYTES`] of them, are
//! unanswered, so a client that pipelines faster than tools answer waits
//! on its pipe instead of growing the server's memory. And the end of the
//! client's input ends the session only once every request read has its
//! answer written (or the output is gone): nothing is dropped because the
//! client reads its answers late.
//!
//! A request is settled when its answer is written, when the write fails,
//! or when the client cancels it (MCP: a cancelled request is not
//! answered).

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard, PoisonError};

use rmcp::model::RequestId;
use tokio::sync::Notify;

/// The most requests read and not yet answered; the reader waits for a
/// slot beyond it.
pub const MAX_IN_FLIGHT: usize = tackle_host::offload::MAX_WORKERS + 64;

/// The most bytes of request lines read and not yet answered; the reader
/// waits beyond it (one line is always read when nothing is in flight, so
/// a request up to the line cap still gets through).
pub const MAX_IN_FLIGHT_BYTES: usize = 64 * 1024 * 1024;

/// The unanswered requests, shared by the reader and the sends.
#[derive(Debug, Default)]
pub(crate) struct InFlight {
    ledger: Mutex<Ledger>,
    changed: Notify,
}

#[derive(Debug, Default)]
struct Ledger {
    /// Each unanswered request's line length.
    owed: HashMap<RequestId, usize>,
    bytes: usize,
    /// Nothing more can be written: no answer is owed any longer.
    broken: bool,
}

impl InFlight {
    /// A request of `bytes` was read; its answer is owed.
    pub(crate) fn owe(&self, id: RequestId, bytes: usize) {
        let mut ledger = self.lock();
        ledger.bytes += bytes;
        // A client that reuses an id in flight gets one answer per id
        // from rmcp; the ledger keeps one entry too.
        if let Some(before) = ledger.owed.insert(id, bytes) {
            ledger.bytes -= before;
        }
    }

    /// The answer to `id` is written, could not be, or is not due.
    pub(crate) fn settle(&self, id: &RequestId) {
        let mut ledger = self.lock();
        if let Some(bytes) = ledger.owed.remove(id) {
            ledger.bytes -= bytes;
            drop(ledger);
            self.changed.notify_waiters();
        }
    }

    /// The output failed: no answer can be delivered any more.
    pub(crate) fn broke(&self) {
        self.lock().broken = true;
        self.changed.notify_waiters();
    }

    /// Returns once another request may be read. Cancel-safe.
    pub(crate) async fn room(&self) {
        self.until(|ledger| {
            ledger.broken
                || ledger.owed.is_empty()
                || (ledger.owed.len() < MAX_IN_FLIGHT && ledger.bytes < MAX_IN_FLIGHT_BYTES)
        })
        .await;
    }

    /// Returns once no answer is owed (or none can be written). Cancel-safe.
    pub(crate) async fn settled(&self) {
        self.until(|ledger| ledger.broken || ledger.owed.is_empty())
            .await;
    }

    /// How many answers are owed.
    pub(crate) fn owed(&self) -> usize {
        self.lock().owed.len()
    }

    async fn until(&self, done: impl Fn(&Ledger) -> bool) {
        loop {
            // Registered before the check, so that a change between the
            // check and the wait is not missed.
            let changed = self.changed.notified();
            tokio::pin!(changed);
            changed.as_mut().enable();
            if done(&self.lock()) {
                return;
            }
            changed.await;
        }
    }

    fn lock(&self) -> MutexGuard<'_, Ledger> {
        self.ledger.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn id(n: i64) -> RequestId {
        RequestId::Number(n)
    }

    #[tokio::test]
    async fn the_reader_waits_for_a_slot_and_the_end_for_every_answer() {
        let flight = Arc::new(InFlight::default());
        for n in 0..MAX_IN_FLIGHT as i64 {
            flight.owe(id(n), 10);
        }
        let room = tokio::spawn({
            let flight = flight.clone();
            async move { flight.room().await }
        });
        let settled = tokio::spawn({
            let flight = flight.clone();
            async move { flight.settled().await }
        });
        tokio::task::yield_now().await;
        assert!(!room.is_finished() && !settled.is_finished());
        flight.settle(&id(3));
        room.await.expect("a slot");
        assert!(!settled.is_finished());
        // Settling an id twice, or one never owed, changes nothing.
        flight.settle(&id(3));
        flight.settle(&id(1000));
        assert_eq!(flight.owed(), MAX_IN_FLIGHT - 1);
        for n in 0..MAX_IN_FLIGHT as i64 {
            flight.settle(&id(n));
        }
        settled.await.expect("settled");
        assert_eq!(flight.lock().bytes, 0);
    }

    #[tokio::test]
    async fn bytes_bound_the_reader_but_one_request_always_gets_in() {
        let flight = InFlight::default();
        flight.room().await;
        flight.owe(id(1), MAX_IN_FLIGHT_BYTES + 1);
        let waiting = tokio::time::timeout(std::time::Duration::ZERO, flight.room()).await;
        assert!(waiting.is_err(), "over the byte bound, the reader waits");
        // The same id again replaces its bytes instead of adding them.
        flight.owe(id(1), 5);
        flight.room().await;
        flight.settle(&id(1));
        assert_eq!(flight.lock().bytes, 0);
    }

    #[tokio::test]
    async fn a_broken_output_owes_nothing() {
        let flight = InFlight::default();
        flight.owe(id(1), 1);
        flight.broke();
        flight.settled().await;
        flight.room().await;
    }
}
