//! The MCP sessions of clients on protocol 2025-11-25 and before, bounded:
//! rmcp's [`LocalSessionManager`] keeps them, and this wrapper keeps their
//! number under a cap and ends the idle ones.
//!
//! A session is *busy* while it has a call's stream or its standing GET
//! stream open, and *idle* otherwise, since its last message. rmcp's own
//! `keep_alive` is off: it ends a session after that long without a
//! message even while its client listens on the GET stream; here an idle
//! session ends after `idle_timeout`, a busy one never (a stream open
//! holds a connection, which the per-peer and global connection caps
//! bound).
//!
//! At the cap, a new session takes the place of the least recently used
//! idle one (closed: its next request gets 404, and the MCP client starts
//! a new session, as the spec has it). Refusing new sessions instead would
//! let a client that opens sessions and leaves them keep every other
//! client out for `idle_timeout`; taking a busy one's place would cut a
//! call or a listening client off. When every session is busy, the new
//! one is refused ([`Sessions::refuses_new`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use futures_util::{Stream, StreamExt};
use rmcp::model::{ClientJsonRpcMessage, ServerJsonRpcMessage};
use rmcp::transport::streamable_http_server::session::local::{
    LocalSessionManager, LocalSessionManagerError,
};
use rmcp::transport::streamable_http_server::session::{
    EventStore, ServerSseMessage, SessionId, SessionManager,
};
use tokio_util::sync::CancellationToken;

/// How long the stream of a call the client cancelled is kept, with its
/// last messages, for a client that resumes it (`Last-Event-ID`); rmcp's
/// default is 60 s. (A call answered drops its stream at once.)
const COMPLETED_STREAM_KEPT: Duration = Duration::from_secs(10);

/// Why a session could not be had.
#[derive(Debug, thiserror::Error)]
pub(super) enum SessionsError {
    #[error(
        "the server holds {0} sessions, the most it takes (--max-sessions), each with a call or stream open; retry when one ends"
    )]
    Full(usize),
    #[error(transparent)]
    Local(#[from] LocalSessionManagerError),
}

/// rmcp's sessions, at most `max` of them.
#[derive(Debug)]
pub(super) struct Sessions {
    local: LocalSessionManager,
    table: Arc<Mutex<Table>>,
    max: usize,
    idle_timeout: Duration,
}

#[derive(Debug, Default)]
struct Table {
    live: HashMap<SessionId, Use>,
    /// Sessions being created: counted against the cap before their id is
    /// known.
    starting: usize,
}

#[derive(Debug)]
struct Use {
    /// The last message, or the moment its last stream closed.
    last: Instant,
    /// Its streams open.
    open: usize,
}

impl Table {
    fn full(&self, max: usize) -> bool {
        self.live.len() + self.starting >= max
    }

    /// The least recently used idle session.
    fn least_recently_used_idle(&self) -> Option<SessionId> {
        self.live
            .iter()
            .filter(|(_, u)| u.open == 0)
            .min_by_key(|(_, u)| u.last)
            .map(|(id, _)| id.clone())
    }

    fn touch(&mut self, id: &SessionId) {
        if let Some(u) = self.live.get_mut(id) {
            u.last = Instant::now();
        }
    }
}

impl Sessions {
    pub(super) fn new(max: usize, idle_timeout: Duration) -> Sessions {
        let mut local = LocalSessionManager::default();
        local.session_config.keep_alive = None;
        local.session_config.completed_cache_ttl = COMPLETED_STREAM_KEPT;
        Sessions {
            local,
            table: Arc::default(),
            max: max.max(1),
            idle_timeout,
        }
    }

    fn table(&self) -> std::sync::MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether a new session would be refused now: the cap reached, and
    /// every session busy.
    pub(super) fn refuses_new(&self) -> bool {
        let table = self.table();
        table.full(self.max) && table.least_recently_used_idle().is_none()
    }

    /// The cap.
    pub(super) fn max(&self) -> usize {
        self.max
    }

    /// How many sessions there are.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.table().live.len()
    }

    /// Ends the sessions idle for `idle_timeout`, every so often, until
    /// `stop`.
    pub(super) async fn expire_idle(self: Arc<Self>, stop: CancellationToken) {
        let every =
            (self.idle_timeout / 4).clamp(Duration::from_millis(50), Duration::from_secs(30));
        loop {
            tokio::select! {
                () = stop.cancelled() => return,
                () = tokio::time::sleep(every) => {}
            }
            for id in self.idle_since(self.idle_timeout) {
                tracing::debug!(target: "tackle::mcp", "MCP session {id} idle for {:?}: closed", self.idle_timeout);
                let _ = self.close_session(&id).await;
            }
        }
    }

    /// The sessions idle for `idle` or more, taken off the table.
    fn idle_since(&self, idle: Duration) -> Vec<SessionId> {
        let mut table = self.table();
        let expired: Vec<SessionId> = table
            .live
            .iter()
            .filter(|(_, u)| u.open == 0 && u.last.elapsed() >= idle)
            .map(|(id, _)| id.clone())
            .collect();
        for id in &expired {
            table.live.remove(id);
        }
        expired
    }

    /// A stream of `id`'s, counted open until it is dropped.
    fn hold<S>(&self, id: &SessionId, stream: S) -> impl Stream<Item = ServerSseMessage> + use<S>
    where
        S: Stream<Item = ServerSseMessage>,
    {
        if let Some(u) = self.table().live.get_mut(id) {
            u.open += 1;
        }
        let open = Open {
            table: self.table.clone(),
            id: id.clone(),
        };
        stream.map(move |message| {
            let _held = &open;
            message
        })
    }
}

/// A stream of a session's, open: when dropped, the session is idle again
/// from then on (if nothing else of it is open).
struct Open {
    table: Arc<Mutex<Table>>,
    id: SessionId,
}

impl Drop for Open {
    fn drop(&mut self) {
        let mut table = self.table.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(u) = table.live.get_mut(&self.id) {
            u.open = u.open.saturating_sub(1);
            u.last = Instant::now();
        }
    }
}

/// A session being created, counted against the cap; uncounted when
/// dropped, whether or not it was made (a client gone mid-`initialize`
/// leaves nothing counted).
struct Starting<'a> {
    table: &'a Mutex<Table>,
}

impl Drop for Starting<'_> {
    fn drop(&mut self) {
        let mut table = self.table.lock().unwrap_or_else(PoisonError::into_inner);
        table.starting = table.starting.saturating_sub(1);
    }
}

impl SessionManager for Sessions {
    type Error = SessionsError;
    type Transport = <LocalSessionManager as SessionManager>::Transport;

    async fn create_session(&self) -> Result<(SessionId, Self::Transport), Self::Error> {
        let evicted = {
            let mut table = self.table();
            let evicted = if table.full(self.max) {
                let oldest = table
                    .least_recently_used_idle()
                    .ok_or(SessionsError::Full(self.max))?;
                table.live.remove(&oldest);
                Some(oldest)
            } else {
                None
            };
            table.starting += 1;
            evicted
        };
        let starting = Starting { table: &self.table };
        if let Some(oldest) = evicted {
            tracing::info!(
                target: "tackle::mcp",
                "{} MCP sessions, the most this server holds: the least recently used idle one ({oldest}) is closed for a new one",
                self.max
            );
            let _ = self.local.close_session(&oldest).await;
        }
        let (id, transport) = self.local.create_session().await?;
        let mut table = self.table();
        table.live.insert(
            id.clone(),
            Use {
                last: Instant::now(),
                open: 0,
            },
        );
        drop(table);
        drop(starting);
        Ok((id, transport))
    }

    async fn initialize_session(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<ServerJsonRpcMessage, Self::Error> {
        self.table().touch(id);
        Ok(self.local.initialize_session(id, message).await?)
    }

    async fn has_session(&self, id: &SessionId) -> Result<bool, Self::Error> {
        let known = self.local.has_session(id).await?;
        if known {
            self.table().touch(id);
        }
        Ok(known)
    }

    async fn close_session(&self, id: &SessionId) -> Result<(), Self::Error> {
        self.table().live.remove(id);
        Ok(self.local.close_session(id).await?)
    }

    async fn create_stream(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        self.table().touch(id);
        let stream = self.local.create_stream(id, message).await?;
        Ok(self.hold(id, stream))
    }

    async fn accept_message(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<(), Self::Error> {
        self.table().touch(id);
        Ok(self.local.accept_message(id, message).await?)
    }

    async fn create_standalone_stream(
        &self,
        id: &SessionId,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        let stream = self.local.create_standalone_stream(id).await?;
        Ok(self.hold(id, stream))
    }

    async fn resume(
        &self,
        id: &SessionId,
        last_event_id: String,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        let stream = self.local.resume(id, last_event_id).await?;
        Ok(self.hold(id, stream))
    }

    fn event_store(&self) -> Option<Arc<dyn EventStore>> {
        self.local.event_store()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sessions(max: usize) -> Sessions {
        Sessions::new(max, Duration::from_secs(600))
    }

    #[tokio::test]
    async fn at_the_cap_a_new_session_takes_the_place_of_the_least_recently_used_idle_one() {
        let sessions = sessions(2);
        let (first, _t1) = sessions.create_session().await.expect("a first");
        let (second, _t2) = sessions.create_session().await.expect("a second");
        // The first is used again: the second is now the least recent.
        assert!(sessions.has_session(&first).await.expect("asked"));
        let (third, _t3) = sessions.create_session().await.expect("a third");
        assert_eq!(sessions.len(), 2);
        assert!(sessions.has_session(&first).await.expect("asked"));
        assert!(!sessions.has_session(&second).await.expect("asked"));
        assert!(sessions.has_session(&third).await.expect("asked"));
    }

    #[tokio::test]
    async fn a_busy_session_keeps_its_place_and_when_all_are_busy_a_new_one_is_refused() {
        let sessions = sessions(1);
        let (only, _t) = sessions.create_session().await.expect("one");
        let stream = sessions.hold(&only, futures_util::stream::pending());
        assert!(sessions.refuses_new());
        let refused = sessions.create_session().await.err();
        assert!(
            matches!(refused, Some(SessionsError::Full(1))),
            "{refused:?}"
        );
        assert!(
            refused
                .map(|e| e.to_string())
                .is_some_and(|e| e.contains("1 sessions, the most it takes (--max-sessions)")),
        );
        drop(stream);
        assert!(!sessions.refuses_new(), "idle once its stream closed");
        sessions.create_session().await.expect("its place taken");
        assert!(!sessions.has_session(&only).await.expect("asked"));
    }

    #[tokio::test]
    async fn only_sessions_idle_for_the_timeout_expire() {
        let sessions = sessions(8);
        let (idle, _t1) = sessions.create_session().await.expect("one");
        let (busy, _t2) = sessions.create_session().await.expect("two");
        let _stream = sessions.hold(&busy, futures_util::stream::pending());
        assert_eq!(sessions.idle_since(Duration::from_secs(3600)), []);
        assert_eq!(sessions.idle_since(Duration::ZERO), [idle]);
        assert_eq!(sessions.len(), 1);
    }
}
