//! The store behind every [`Session`](super::Session): one trait, a memory
//! and a file implementation in `tackle_runtime::session`, or an
//! embedder's own.

use std::fmt;
use std::time::Duration;

use serde_json::Value;

use super::{SessionError, SessionKey, Slot, StoreHealth};

/// The change [`SessionStore::update`] makes: given the slot's value
/// (`None` when the session has none), the value to keep (`None` removes
/// it). An `Err` leaves the value as it was.
pub type Edit<'a> = dyn FnMut(Option<&Value>) -> Result<Option<Value>, SessionError> + 'a;

/// Where session values live, as JSON, keyed by session and [`Slot`].
///
/// A store bounds what it holds (sessions, bytes per session), forgets a
/// session at [`end`](Self::end) and, on its own, sessions idle for too
/// long. The host calls `end` when it dispatches `session_end`.
pub trait SessionStore: Send + Sync + fmt::Debug {
    /// The value of `slot` in `session`, if it has one: the value before
    /// or after any concurrent [`update`](Self::update), never a mix.
    fn get(&self, session: SessionKey<'_>, slot: Slot) -> Result<Option<Value>, SessionError>;

    /// Runs `edit` once on the value of `slot` in `session` and keeps what
    /// it returns, atomically: no other update of the session runs in
    /// between, in this process or (for a store shared between processes)
    /// in another. `edit` must not update the same session itself.
    fn update(
        &self,
        session: SessionKey<'_>,
        slot: Slot,
        edit: &mut Edit<'_>,
    ) -> Result<(), SessionError>;

    /// Forgets `session` and all its values (it ended).
    fn end(&self, session: SessionKey<'_>) -> Result<(), SessionError>;

    /// Records a problem that did not fail the call: a stored value or file
    /// that could not be read and was treated as empty. By default, a
    /// `tracing` warning.
    fn report(&self, problem: String) {
        tracing::warn!(target: "tackle::session", "{problem}");
    }

    /// Records `key` as used, for `ttl`: `true` the first time, in every
    /// process that shares the store, `false` while it is remembered. An
    /// MCP server claims each sealed `requestState` so, so that a retry is
    /// answered once across its replicas. A store that cannot tell (the
    /// default) says `true`: states are then bounded by their time-out
    /// alone.
    fn claim_once(&self, key: &str, ttl: Duration) -> Result<bool, SessionError> {
        let _ = (key, ttl);
        Ok(true)
    }

    /// The problems [`report`](Self::report)ed since the last call, for the
    /// host to show (the hook binary prints them on stderr). By default
    /// none are kept.
    fn take_problems(&self) -> Vec<String> {
        Vec::new()
    }

    /// Whether the store can be reached, for a server to show: by default
    /// always (a store in the host's memory or files). A store on another
    /// server says what it last found, without waiting for it.
    fn health(&self) -> StoreHealth {
        StoreHealth::reachable("local")
    }
}
