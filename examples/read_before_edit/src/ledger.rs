//! The files each session has read (or written), remembered between calls.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Per session, the files whose content the model has seen.
#[derive(Debug, Default)]
pub struct Ledger {
    sessions: Mutex<HashMap<String, HashSet<PathBuf>>>,
}

impl Ledger {
    /// Notes that `session` has seen `file`.
    pub fn record(&self, session: &str, file: PathBuf) {
        self.sessions
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(session.to_owned())
            .or_default()
            .insert(file);
    }

    /// Whether `session` has seen `file`.
    pub fn has_seen(&self, session: &str, file: &Path) -> bool {
        self.sessions
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(session)
            .is_some_and(|files| files.contains(file))
    }

    /// Forgets a session (it ended).
    pub fn forget(&self, session: &str) {
        self.sessions
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(session);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_remembered_per_session() {
        let ledger = Ledger::default();
        ledger.record("one", PathBuf::from("/p/a.rs"));
        assert!(ledger.has_seen("one", Path::new("/p/a.rs")));
        assert!(!ledger.has_seen("one", Path::new("/p/b.rs")));
        assert!(!ledger.has_seen("two", Path::new("/p/a.rs")));
        ledger.forget("one");
        assert!(!ledger.has_seen("one", Path::new("/p/a.rs")));
    }
}
