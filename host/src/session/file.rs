//! Session values on disk, shared by every process of the user: the hook
//! binary's store.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tackle::session::{
    Edit, Overflow, Problems, SessionError, SessionKey, SessionStore, Slot, StoreHealth,
};

use super::SessionLimits;
use super::atomic::{self, LOCK_WAIT};
use super::copies::{self, Copies, Found, Next, Reading};

/// The store of the hook binary, where each event is a new process: each
/// session's values as JSON in a folder of the user's
/// (`$TACKLE_HOME/sessions`, else `~/.tackle/sessions`), within its
/// [`SessionLimits`].
///
/// - A session's files are named by the SHA-256 of its id: no id, whatever
///   it holds (`../`, `/`, NUL), names a file elsewhere. They hold the id
///   and are read only for that id.
/// - The values are kept twice (`<name>.a`, `<name>.b`), each copy with a
///   generation, length and checksum. An update holds the session's lock
///   file (`<name>.lock`, `File::lock`) while it reads the newest whole
///   copy, changes it and rewrites the other copy in place: concurrent
///   processes lose no update, a reader sees the old values or the new,
///   never half (it takes the lock only when the copies are not at rest),
///   and an update cut short (the process killed) leaves the one before
///   it.
/// - When no copy is whole (not a session file of this store, another
///   id's, over the byte cap), that is reported and read as empty.
/// - The first update of a new session prunes the folder first: sessions
///   idle past `max_idle`, then the oldest past `max_sessions` that are not
///   active; with no room left, the new session is not stored.
///
/// The folder is the user's, not the project's, so a project the user has
/// not trusted cannot plant or redirect values; it is created readable by
/// the user only, as tool arguments may be kept there.
#[derive(Debug)]
pub struct FileStore {
    /// `None` when there is no home folder: every call then says so.
    dir: Option<PathBuf>,
    limits: SessionLimits,
    problems: Problems,
    overflow: Overflow,
}

/// What a copy's JSON holds.
#[derive(Debug, Default, Serialize, Deserialize)]
struct SessionFile {
    /// The session id, in full.
    id: String,
    /// Each value by its slot (`plugin/type`).
    values: BTreeMap<String, Value>,
}

/// A session's files.
struct Files {
    copies: Copies,
    lock: PathBuf,
}

impl FileStore {
    /// A store in `dir` (created on the first update).
    pub fn new(dir: impl Into<PathBuf>, limits: SessionLimits) -> Self {
        FileStore::at(Some(dir.into()), limits)
    }

    /// A store in `$TACKLE_HOME/sessions`, else `~/.tackle/sessions`, as
    /// `vars` read them; with neither variable set, every call fails saying
    /// so.
    pub fn in_tackle_home(vars: &crate::trust::UserVars, limits: SessionLimits) -> Self {
        let dir = vars.tackle_home().map(|home| home.join("sessions"));
        FileStore::at(dir, limits)
    }

    pub(super) fn at(dir: Option<PathBuf>, limits: SessionLimits) -> Self {
        FileStore {
            dir,
            limits,
            problems: Problems::default(),
            overflow: Overflow::default(),
        }
    }

    /// The folder, if there is one.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    fn folder(&self) -> Result<&Path, SessionError> {
        self.dir.as_deref().ok_or_else(|| {
            SessionError::Unavailable(
                "no folder for session values: set HOME or TACKLE_HOME".into(),
            )
        })
    }

    fn files(&self, session: SessionKey<'_>) -> Result<Files, SessionError> {
        let dir = self.folder()?;
        Ok(Files::of(dir, &name_of(session)))
    }

    /// The session's newest whole copy: `Found::Broken` only when no copy
    /// is whole.
    fn read(
        &self,
        files: &Files,
        session: SessionKey<'_>,
    ) -> Result<Reading<SessionFile>, SessionError> {
        files.copies.read(
            self.limits.max_session_bytes,
            |json| match serde_json::from_slice::<SessionFile>(json) {
                Ok(file) if file.id != session.as_str() => {
                    Err(format!("belongs to session {:?}", file.id))
                }
                Ok(file) => Ok(file),
                Err(e) => Err(format!("is not a session file ({e})")),
            },
        )
    }

    /// What `found` holds, reporting a session with no whole copy (which
    /// then starts afresh); `None` when it has no copy.
    fn whole(
        &self,
        found: Found<SessionFile>,
        session: SessionKey<'_>,
    ) -> Option<(SessionFile, Next)> {
        match found {
            Found::Nothing => None,
            Found::Whole { value, next } => Some((value, next)),
            Found::Broken { path, problem } => {
                self.report(format!(
                    "session {session}: `{}` {problem}; the session starts afresh",
                    path.display()
                ));
                Some((SessionFile::default(), Next::FIRST))
            }
        }
    }

    /// Forgets the sessions idle past `max_idle`, then the oldest past
    /// `max_sessions` that are not active, never `keep`'s; a session being
    /// updated is left alone. A session's idle time is its newest copy's.
    /// Whether there is room for `keep`; the count of sessions kept.
    fn prune(&self, dir: &Path, keep: &str) -> Result<(bool, usize), SessionError> {
        let entries = std::fs::read_dir(dir).map_err(|e| atomic::io_error("list", dir, e))?;
        let now = SystemTime::now();
        // Each session's time since its last update (`None`: only a lock).
        let mut sessions: BTreeMap<String, Option<Duration>> = BTreeMap::new();
        for entry in entries.flatten() {
            let name = entry.file_name();
            let Some((stem, kind)) = name.to_str().and_then(|n| n.rsplit_once('.')) else {
                continue;
            };
            // Only the store's own names: a file the user put here stays.
            let ours = stem.len() == 64 && stem.bytes().all(|b| b.is_ascii_hexdigit());
            if !ours || stem == keep || !matches!(kind, "a" | "b" | "lock") {
                continue;
            }
            let least = sessions.entry(stem.to_owned()).or_default();
            if kind == "lock" {
                continue;
            }
            let idle = entry
                .metadata()
                .and_then(|m| m.modified())
                .map(|modified| now.duration_since(modified).unwrap_or_default());
            if let Ok(idle) = idle {
                *least = Some(least.map_or(idle, |l| l.min(idle)));
            }
        }
        let mut kept = Vec::new();
        for (stem, idle) in sessions {
            match idle {
                Some(idle) if idle < self.limits.max_idle => kept.push((idle, stem)),
                // A lock left by a session that ended while it was taken.
                None if !self.idle_lock(dir, &stem) => {}
                _ => {
                    self.forget(&Files::of(dir, &stem))?;
                }
            }
        }
        let mut excess = (kept.len() + 1).saturating_sub(self.limits.max_sessions);
        kept.sort_by_key(|(idle, _)| std::cmp::Reverse(*idle));
        let mut left = kept.len();
        for (idle, stem) in kept {
            if excess == 0 || idle < self.limits.active {
                break;
            }
            if self.forget(&Files::of(dir, &stem))? {
                excess -= 1;
                left -= 1;
            }
        }
        Ok((excess == 0, left))
    }

    /// Whether a lock with no copies beside it has been idle `max_idle`.
    fn idle_lock(&self, dir: &Path, stem: &str) -> bool {
        std::fs::metadata(dir.join(format!("{stem}.lock")))
            .and_then(|m| m.modified())
            .is_ok_and(|modified| modified.elapsed().unwrap_or_default() >= self.limits.max_idle)
    }

    /// Removes a session's copies and lock file, unless it is being
    /// updated; whether it did.
    fn forget(&self, files: &Files) -> Result<bool, SessionError> {
        let held = if files.lock.exists() {
            match atomic::try_lock(&files.lock)? {
                Some(held) => Some(held),
                None => return Ok(false),
            }
        } else {
            None
        };
        files.copies.remove()?;
        atomic::remove(&files.lock)?;
        drop(held);
        Ok(true)
    }
}

impl Files {
    fn of(dir: &Path, stem: &str) -> Files {
        Files {
            copies: Copies::new(dir, stem),
            lock: dir.join(format!("{stem}.lock")),
        }
    }
}

impl SessionStore for FileStore {
    fn get(&self, session: SessionKey<'_>, slot: Slot) -> Result<Option<Value>, SessionError> {
        let files = self.files(session)?;
        // No lock while the copies are at rest (both whole, one
        // generation apart): the usual case. Otherwise an update may be
        // under way, or a copy broken: the lock tells which.
        let mut read = self.read(&files, session)?;
        if !read.settled {
            let held = atomic::lock(&files.lock, LOCK_WAIT)?;
            read = self.read(&files, session)?;
            drop(held);
        }
        let file = self.whole(read.found, session);
        Ok(file.and_then(|(mut file, _)| file.values.remove(&slot.to_string())))
    }

    fn update(
        &self,
        session: SessionKey<'_>,
        slot: Slot,
        edit: &mut Edit<'_>,
    ) -> Result<(), SessionError> {
        let dir = self.folder()?;
        let name = name_of(session);
        let files = Files::of(dir, &name);
        atomic::private_dir(dir)?;
        // A new session makes room first, and is not stored without it.
        if !files.copies.exist() {
            match self.prune(dir, &name) {
                Ok((true, _)) => {}
                Ok((false, kept)) => {
                    self.overflow.note(session.as_str(), kept);
                    edit(None)?;
                    return Ok(());
                }
                Err(e) => self.report(format!("pruning old sessions: {e}")),
            }
        }
        let held = atomic::lock(&files.lock, LOCK_WAIT)?;
        let found = self.read(&files, session)?.found;
        let (mut file, next) = self
            .whole(found, session)
            .unwrap_or((SessionFile::default(), Next::FIRST));
        let key = slot.to_string();
        match edit(file.values.get(&key))? {
            Some(value) => file.values.insert(key, value),
            None => file.values.remove(&key),
        };
        session.as_str().clone_into(&mut file.id);
        let json = serde_json::to_vec(&file).map_err(|e| SessionError::Encode {
            value: slot.value,
            message: e.to_string(),
        })?;
        if json.len() > self.limits.max_session_bytes {
            return Err(SessionError::TooLarge {
                session: session.to_string(),
                bytes: json.len(),
                cap: self.limits.max_session_bytes,
            });
        }
        files.copies.write(next, &json)?;
        drop(held);
        Ok(())
    }

    fn end(&self, session: SessionKey<'_>) -> Result<(), SessionError> {
        let files = self.files(session)?;
        if !files.copies.exist() && !files.lock.exists() {
            return Ok(());
        }
        let held = atomic::lock(&files.lock, LOCK_WAIT)?;
        files.copies.remove()?;
        atomic::remove(&files.lock)?;
        drop(held);
        Ok(())
    }

    fn report(&self, problem: String) {
        self.problems.push(problem);
    }

    fn take_problems(&self) -> Vec<String> {
        self.problems.take()
    }

    fn health(&self) -> StoreHealth {
        match &self.dir {
            Some(dir) => StoreHealth::reachable(format!("files in {}", dir.display())),
            None => StoreHealth::reachable("files (no folder)"),
        }
    }
}

/// The hex SHA-256 of the id: a fixed-length name of safe characters.
pub(super) fn name_of(session: SessionKey<'_>) -> String {
    copies::sha256_hex(session.as_str().as_bytes())
}
