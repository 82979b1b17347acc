//! What a store keys values by: a checked session id and a slot.

use std::fmt;

use super::SessionError;

/// The longest session id a store accepts, in bytes. Agents send UUIDs (36
/// bytes); the cap keeps an id an agent made up from growing keys, files
/// and messages without bound.
pub const MAX_SESSION_ID_BYTES: usize = 256;

/// A session id checked once for use as a store key: at most
/// [`MAX_SESSION_ID_BYTES`] bytes, any text otherwise (empty included: a
/// host that did not say which session an event belongs to). Stores only
/// ever receive these, so none checks again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SessionKey<'a>(&'a str);

impl<'a> SessionKey<'a> {
    /// Checks `id`.
    ///
    /// ```
    /// use tackle::session::{SessionKey, MAX_SESSION_ID_BYTES};
    ///
    /// assert_eq!(SessionKey::new("5f1c-…").unwrap().as_str(), "5f1c-…");
    /// assert!(SessionKey::new(&"x".repeat(MAX_SESSION_ID_BYTES + 1)).is_err());
    /// ```
    pub fn new(id: &'a str) -> Result<Self, SessionError> {
        if id.len() > MAX_SESSION_ID_BYTES {
            return Err(SessionError::IdTooLong { bytes: id.len() });
        }
        Ok(SessionKey(id))
    }

    /// The id.
    pub fn as_str(&self) -> &'a str {
        self.0
    }
}

/// Shown quoted and escaped (`"a\nb"`): the id comes from an agent.
impl fmt::Display for SessionKey<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.0)
    }
}

/// Which of a session's values: the plugin that keeps it, at which
/// version, and the value's Rust type, shown as `plugin/type`
/// (`doom-loop/doomloop::Streak`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slot {
    /// The plugin's id.
    pub plugin: &'static str,
    /// The plugin's version (`""` when not known): a store that hosts of
    /// several versions share keeps each version's value apart, since a
    /// new version may read the type differently. A store of one host
    /// (memory, the hook binary's files) may ignore it.
    pub version: &'static str,
    /// The value's type name (`std::any::type_name`).
    pub value: &'static str,
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.plugin, self.value)
    }
}
