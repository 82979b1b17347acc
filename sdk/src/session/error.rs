//! What can go wrong with a session value.

use std::io;
use std::path::PathBuf;

use super::MAX_SESSION_ID_BYTES;
use crate::BoxError;

/// Why a session value could not be read or saved. A hook that returns it
/// (`?`) fails: it abstains, or denies when it declared
/// `on_error = "closed"`.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SessionError {
    /// The agent's session id is longer than tackle accepts.
    #[error(
        "the session id is {bytes} bytes long, over the {MAX_SESSION_ID_BYTES} bytes tackle accepts"
    )]
    IdTooLong {
        /// Its length.
        bytes: usize,
    },
    /// Saving would take the session past the store's cap.
    #[error(
        "session {session} would hold {bytes} bytes of values, over the store's cap of {cap} bytes"
    )]
    TooLarge {
        /// The session id, quoted.
        session: String,
        /// What it would have held.
        bytes: usize,
        /// The cap.
        cap: usize,
    },
    /// The value could not be turned into JSON (a map with non-string keys,
    /// a path that is not UTF-8).
    #[error("`{value}` cannot be saved as JSON: {message}")]
    Encode {
        /// The value's type.
        value: &'static str,
        /// serde's message.
        message: String,
    },
    /// Another process held the session's lock for too long.
    #[error(
        "the session state `{}` stayed locked by another process for {secs} s",
        .path.display()
    )]
    Locked {
        /// The lock file.
        path: PathBuf,
        /// How long tackle waited.
        secs: u64,
    },
    /// A file of the store could not be read or written.
    #[error("cannot {action} `{}`: {source}", .path.display())]
    Io {
        /// What was being done (`write`, `lock`, ...).
        action: &'static str,
        /// The file.
        path: PathBuf,
        /// Why not.
        #[source]
        source: io::Error,
    },
    /// The host has no place to keep session values (no home folder for the
    /// hook binary's store, no store given to a hook), or the store did not
    /// answer in time (a store on a server that is down or slow); the
    /// message names the store.
    #[error("session store unavailable: {0}")]
    Unavailable(String),
    /// Any other store's failure.
    #[error(transparent)]
    Store(BoxError),
}
