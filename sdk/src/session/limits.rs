//! How much a session store holds: the bounds every store keeps, whatever
//! it keeps values in.

use std::time::Duration;

/// The bounds of a session store. A new session past `max_sessions` first
/// makes room by forgetting the sessions idle longest, but never one
/// updated within `active`: when every session kept is active, the new
/// one is served without stored values (its hooks start from their
/// defaults each time, and what they change is not kept) and the log says
/// so, so that a flood of new session ids cannot erase the state of the
/// sessions at work. An update that would take a session past
/// `max_session_bytes` fails (the hook that asked fails, the value stays
/// as it was); a session idle for `max_idle` is forgotten when a new
/// session starts.
///
/// A store shared by several hosts (`tackle-store-redis`) keeps the same
/// bounds for all of them together, `max_idle` as its keys' time to live.
///
/// ```
/// use std::time::Duration;
/// use tackle::session::SessionLimits;
///
/// let limits = SessionLimits {
///     max_sessions: 100,
///     max_idle: Duration::from_secs(3600),
///     ..SessionLimits::default()
/// };
/// assert_eq!(limits.max_session_bytes, 1024 * 1024);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionLimits {
    /// Sessions kept at once (default 1,000).
    pub max_sessions: usize,
    /// Bytes of JSON one session's values may take, all plugins together
    /// (default 1 MiB).
    pub max_session_bytes: usize,
    /// How long a session may go without an update before it is forgotten
    /// (default 24 hours): agents that crash never end their sessions.
    pub max_idle: Duration,
    /// How recently a session must have been updated to be kept when a new
    /// one needs room (default 30 minutes).
    pub active: Duration,
}

impl Default for SessionLimits {
    fn default() -> Self {
        SessionLimits {
            max_sessions: 1_000,
            max_session_bytes: 1024 * 1024,
            max_idle: Duration::from_secs(24 * 3600),
            active: Duration::from_secs(30 * 60),
        }
    }
}
