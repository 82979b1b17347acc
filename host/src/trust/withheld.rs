//! A record of what an untrusted project asked for and did not get.

use std::fmt;
use std::path::PathBuf;

/// Something a project's files asked for that tackle did not do, because
/// the project is not trusted. Kept for `doctor` and the listings, never
/// dropped silently.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Withheld {
    /// The project's file that asked.
    pub file: PathBuf,
    /// What it asked for: a config key (`enabled`, `permission_rules[2]`,
    /// `plugins.guard`), an entry of the state file (`disabled[0]`), a
    /// plugin of a project folder (its id), or a variable (`env.TACKLE_HOME`).
    pub item: String,
    /// Why it was refused: what it would do.
    pub why: String,
}

impl Withheld {
    pub(crate) fn new(
        file: impl Into<PathBuf>,
        item: impl Into<String>,
        why: impl Into<String>,
    ) -> Withheld {
        Withheld {
            file: file.into(),
            item: item.into(),
            why: why.into(),
        }
    }
}

impl fmt::Display for Withheld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.item.is_empty() {
            write!(f, "{} is not applied: {}", self.file.display(), self.why)
        } else {
            write!(
                f,
                "{}: `{}` is not applied: {}",
                self.file.display(),
                self.item,
                self.why
            )
        }
    }
}
