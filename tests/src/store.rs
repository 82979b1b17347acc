//! The hook binary's session store, as a test sees it from outside.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The sessions with values in the store folder `dir` (a home's
/// `.tackle/sessions`): each session's name with the files holding its
/// values (`<name>.a`, `<name>.b`), lock files left out. None when the
/// folder is missing.
pub fn sessions_kept(dir: &Path) -> BTreeMap<String, Vec<PathBuf>> {
    let mut sessions: BTreeMap<String, Vec<PathBuf>> = BTreeMap::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return sessions;
    };
    for path in entries.flatten().map(|e| e.path()) {
        if path.extension().is_some_and(|e| e == "a" || e == "b") {
            let stem = path.file_stem().expect("a name").to_string_lossy();
            sessions.entry(stem.into_owned()).or_default().push(path);
        }
    }
    sessions
}
