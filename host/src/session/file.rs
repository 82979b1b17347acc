//! Session values on disk, shared by every process of the user: the hook
//! binary's store.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};
use tackle::session::{Edit, SessionError, SessionKey, SessionStore, Slot};

use super::SessionLimits;
use super::atomic::{self, LOCK_WAIT};
use super::problems::Problems;

/// The store of the hook binary, where each event is a new process: one
/// JSON file per session in a folder of the user's
/// (`$TACKLE_HOME/sessions`, else `~/.tackle/sessions`), within its
/// [`SessionLimits`].
///
/// - A file's name is the SHA-256 of the session id: no id, whatever it
///   holds (`../`, `/`, NUL), names a file elsewhere. The file holds the id
///   and is read only for that id.
/// - An update holds the session's lock file (`<name>.lock`, `File::lock`)
///   while it reads, changes and writes the values, and writes them to a
///   temporary file renamed over the old one: concurrent processes lose no
///   update, and a reader sees the old values or the new, never half.
/// - A file that is not a session file of this store, belongs to another
///   id or is over the byte cap is reported and read as empty.
/// - The first update of a new session prunes the folder: sessions idle
///   past `max_idle`, then the oldest past `max_sessions`.
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
}

/// What a session file holds.
#[derive(Debug, Default, Serialize, Deserialize)]
struct SessionFile {
    /// [`FORMAT`]: a file without it is not one of ours.
    tackle_session: u32,
    /// The session id, in full.
    id: String,
    /// Each value by its slot (`plugin/type`).
    values: BTreeMap<String, Value>,
}

const FORMAT: u32 = 1;

/// A session's files.
struct Files {
    data: PathBuf,
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
        let name = name_of(session);
        let dir = self.folder()?;
        Ok(Files {
            data: dir.join(format!("{name}.json")),
            lock: dir.join(format!("{name}.lock")),
        })
    }

    /// The session's file, or `None` when it has none. A file that cannot
    /// be read as this session's is reported and read as empty.
    fn read(
        &self,
        path: &Path,
        session: SessionKey<'_>,
    ) -> Result<Option<SessionFile>, SessionError> {
        let file = match std::fs::File::open(path) {
            Ok(file) => file,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(atomic::io_error("read", path, e)),
        };
        let cap = self.limits.max_session_bytes;
        let mut bytes = Vec::new();
        file.take(cap as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| atomic::io_error("read", path, e))?;
        let problem = if bytes.len() > cap {
            format!("is over the cap of {cap} bytes")
        } else {
            match serde_json::from_slice::<SessionFile>(&bytes) {
                Ok(file) if file.tackle_session != FORMAT => format!(
                    "has format {} where this tackle reads {FORMAT}",
                    file.tackle_session
                ),
                Ok(file) if file.id != session.as_str() => {
                    format!("belongs to session {:?}", file.id)
                }
                Ok(file) => return Ok(Some(file)),
                Err(e) => format!("is not a session file ({e})"),
            }
        };
        self.report(format!(
            "session {session}: `{}` {problem}; the session starts afresh",
            path.display()
        ));
        Ok(Some(SessionFile::default()))
    }

    /// Forgets the sessions idle past `max_idle`, then the oldest past
    /// `max_sessions`, never `keep`; a session being updated is left
    /// alone. Stray temporary and lock files idle as long go too.
    fn prune(&self, dir: &Path, keep: &Path) -> Result<(), SessionError> {
        let entries = std::fs::read_dir(dir).map_err(|e| atomic::io_error("list", dir, e))?;
        let now = SystemTime::now();
        let idle = |path: &Path| {
            std::fs::metadata(path)
                .and_then(|m| m.modified())
                .map(|modified| now.duration_since(modified).unwrap_or_default())
        };
        let mut kept = Vec::new();
        for entry in entries.flatten() {
            let path = entry.path();
            if path == keep {
                continue;
            }
            let Ok(idle) = idle(&path) else { continue };
            let stale = idle >= self.limits.max_idle;
            match path.extension().and_then(|e| e.to_str()) {
                Some("json") if stale => self.forget(&path)?,
                Some("json") => kept.push((idle, path)),
                Some("lock") if stale && !path.with_extension("json").exists() => {
                    self.forget(&path.with_extension("json"))?;
                }
                Some("tmp") if stale => atomic::remove(&path)?,
                _ => {}
            }
        }
        let excess = (kept.len() + 1).saturating_sub(self.limits.max_sessions);
        kept.sort_by_key(|(idle, _)| std::cmp::Reverse(*idle));
        for (_, path) in kept.into_iter().take(excess) {
            self.forget(&path)?;
        }
        Ok(())
    }

    /// Removes a session's data and lock files, unless it is being updated.
    fn forget(&self, data: &Path) -> Result<(), SessionError> {
        let lock = data.with_extension("lock");
        let held = if lock.exists() {
            match atomic::try_lock(&lock)? {
                Some(held) => Some(held),
                None => return Ok(()),
            }
        } else {
            None
        };
        atomic::remove(data)?;
        atomic::remove(&lock)?;
        drop(held);
        Ok(())
    }
}

impl SessionStore for FileStore {
    fn get(&self, session: SessionKey<'_>, slot: Slot) -> Result<Option<Value>, SessionError> {
        let files = self.files(session)?;
        // No lock: writes replace the file whole.
        let mut file = self.read(&files.data, session)?.unwrap_or_default();
        Ok(file.values.remove(&slot.to_string()))
    }

    fn update(
        &self,
        session: SessionKey<'_>,
        slot: Slot,
        edit: &mut Edit<'_>,
    ) -> Result<(), SessionError> {
        let files = self.files(session)?;
        let dir = self.folder()?;
        atomic::private_dir(dir)?;
        let held = atomic::lock(&files.lock, LOCK_WAIT)?;
        let existing = self.read(&files.data, session)?;
        let new_session = existing.is_none();
        let mut file = existing.unwrap_or_default();
        let key = slot.to_string();
        match edit(file.values.get(&key))? {
            Some(value) => file.values.insert(key, value),
            None => file.values.remove(&key),
        };
        file.tackle_session = FORMAT;
        session.as_str().clone_into(&mut file.id);
        let bytes = serde_json::to_vec(&file).map_err(|e| SessionError::Encode {
            value: slot.value,
            message: e.to_string(),
        })?;
        if bytes.len() > self.limits.max_session_bytes {
            return Err(SessionError::TooLarge {
                session: session.to_string(),
                bytes: bytes.len(),
                cap: self.limits.max_session_bytes,
            });
        }
        atomic::write(&files.data, &bytes)?;
        drop(held);
        if new_session && let Err(e) = self.prune(dir, &files.data) {
            self.report(format!("pruning old sessions: {e}"));
        }
        Ok(())
    }

    fn end(&self, session: SessionKey<'_>) -> Result<(), SessionError> {
        let files = self.files(session)?;
        if !files.data.exists() && !files.lock.exists() {
            return Ok(());
        }
        let held = atomic::lock(&files.lock, LOCK_WAIT)?;
        atomic::remove(&files.data)?;
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
}

/// The hex SHA-256 of the id: a fixed-length name of safe characters.
pub(super) fn name_of(session: SessionKey<'_>) -> String {
    Sha256::digest(session.as_str().as_bytes())
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}
