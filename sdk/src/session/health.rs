//! Whether a store can be reached, for a server to show (`/healthz`) and
//! a balancer to act on.

use std::time::SystemTime;

/// What a store says of itself ([`SessionStore::health`]): what it is,
/// whether its last contact succeeded, since when it has not, and the last
/// error it met. A store in the host's own memory or files is always
/// reachable; a store on a server (Redis) is what it last found.
///
/// ```
/// use std::time::SystemTime;
/// use tackle::session::StoreHealth;
///
/// let up = StoreHealth::reachable("memory");
/// assert!(up.reachable && up.unreachable_since.is_none());
/// let down = StoreHealth::unreachable("redis://10.0.0.5:6379/0", SystemTime::now(), "connection refused");
/// assert!(!down.reachable);
/// assert_eq!(down.last_error.as_deref(), Some("connection refused"));
/// ```
///
/// [`SessionStore::health`]: super::SessionStore::health
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct StoreHealth {
    /// What the store is, for a report: `memory`, `files in ~/.tackle/sessions`,
    /// `redis://10.0.0.5:6379/0` (never a password).
    pub store: String,
    /// Whether it answered when last asked.
    pub reachable: bool,
    /// Since when it has not answered (`None` while it does).
    pub unreachable_since: Option<SystemTime>,
    /// The last error it met, kept once it answers again (a reachable store
    /// can have one too: a command it refused).
    pub last_error: Option<String>,
}

impl StoreHealth {
    /// A store that answers.
    pub fn reachable(store: impl Into<String>) -> Self {
        StoreHealth {
            store: store.into(),
            reachable: true,
            unreachable_since: None,
            last_error: None,
        }
    }

    /// A store that has not answered since `since`, with the error it gave.
    pub fn unreachable(
        store: impl Into<String>,
        since: SystemTime,
        error: impl Into<String>,
    ) -> Self {
        StoreHealth {
            store: store.into(),
            reachable: false,
            unreachable_since: Some(since),
            last_error: Some(error.into()),
        }
    }

    /// The same, with `error` as the last error met.
    #[must_use]
    pub fn with_last_error(mut self, error: Option<String>) -> Self {
        self.last_error = error;
        self
    }
}
