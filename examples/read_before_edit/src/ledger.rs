//! The files a session has read (or written).

use std::path::{Path, PathBuf};

use tackle::prelude::*;

/// The most files a ledger remembers; past it, the one seen longest ago
/// is forgotten (and an edit of it gets the advice again). Keeps a long
/// session's ledger to a few hundred KiB.
pub const MAX_FILES: usize = 2_000;

/// The files whose content the model has seen in one session, most recent
/// last: what `read-before-edit` keeps per session (`&Session<Ledger>`).
#[tackle::data]
#[derive(Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Ledger {
    files: Vec<PathBuf>,
}

impl Ledger {
    /// Notes that the session has seen `file`. A path that is not UTF-8
    /// cannot be saved as JSON and is not noted.
    pub fn record(&mut self, file: PathBuf) {
        if file.to_str().is_none() {
            return;
        }
        self.files.retain(|seen| *seen != file);
        self.files.push(file);
        if self.files.len() > MAX_FILES {
            self.files.remove(0);
        }
    }

    /// Whether the session has seen `file`.
    pub fn has_seen(&self, file: &Path) -> bool {
        self.files.iter().any(|seen| seen == file)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_remembered() {
        let mut ledger = Ledger::default();
        ledger.record(PathBuf::from("/p/a.rs"));
        ledger.record(PathBuf::from("/p/a.rs"));
        assert!(ledger.has_seen(Path::new("/p/a.rs")));
        assert!(!ledger.has_seen(Path::new("/p/b.rs")));
        assert_eq!(ledger.files.len(), 1);
    }

    #[test]
    fn past_the_cap_the_file_seen_longest_ago_is_forgotten() {
        let mut ledger = Ledger::default();
        for i in 0..MAX_FILES {
            ledger.record(PathBuf::from(format!("/p/{i}.rs")));
        }
        // Seen again: now the most recent.
        ledger.record(PathBuf::from("/p/0.rs"));
        ledger.record(PathBuf::from("/p/new.rs"));
        assert_eq!(ledger.files.len(), MAX_FILES);
        assert!(ledger.has_seen(Path::new("/p/0.rs")));
        assert!(!ledger.has_seen(Path::new("/p/1.rs")));
        assert!(ledger.has_seen(Path::new("/p/new.rs")));
    }
}
