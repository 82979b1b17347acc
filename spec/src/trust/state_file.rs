//! State files tackle edits: the project's `.tackle/plugins.json` and the
//! user's `$TACKLE_HOME/trusted-projects.json`. Every read-modify-write
//! holds an exclusive lock for its whole length and replaces the file in one
//! step (a temporary file in the same folder, renamed over it), so parallel
//! `plugins disable` runs lose no update and a reader never sees half a
//! file. Readers need no lock.
//!
//! The lock is a sibling file (`plugins.json.lock`) that is never replaced:
//! locking the data file itself would not serialise anything, because each
//! write renames a new file over it and a process waiting on the old one
//! would then hold a lock no one else takes.
//!
//! [`update_json`] is the whole cycle for a JSON file read into a serde
//! type; [`lock`] and [`write_atomic`] are its two halves, for a file of
//! another shape.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;

/// What went wrong with a state file; each names the file.
#[derive(Debug, thiserror::Error)]
pub enum StateFileError {
    /// It exists but cannot be read (or is over [`MAX_FILE_BYTES`](super::capped::MAX_FILE_BYTES)).
    #[error("cannot read `{}`: {source}", file.display())]
    Read {
        /// The file.
        file: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// It was read but does not have the expected shape.
    #[error("`{}` is not valid: {why}", file.display())]
    Invalid {
        /// The file.
        file: PathBuf,
        /// What is wrong with it.
        why: String,
    },
    /// Its lock could not be taken.
    #[error("cannot lock `{}`: {why}", file.display())]
    Lock {
        /// The file.
        file: PathBuf,
        /// Why.
        why: String,
    },
    /// The new content could not be written.
    #[error("cannot write `{}`: {source}", file.display())]
    Write {
        /// The file.
        file: PathBuf,
        /// Why.
        source: io::Error,
    },
}

/// An exclusive lock on a state file, held until dropped.
#[derive(Debug)]
pub struct Locked {
    // Closing the file releases the lock.
    _lock: File,
}

/// Takes the exclusive lock of `file` (waiting for whoever holds it),
/// creating its folder and lock file when missing.
pub fn lock(file: &Path) -> Result<Locked, StateFileError> {
    let fail = |why: String| StateFileError::Lock {
        file: file.to_path_buf(),
        why,
    };
    if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| fail(e.to_string()))?;
    }
    let path = lock_path(file);
    // A project could ship the lock file as a link to one of the user's
    // files; opening it to create would follow the link.
    if std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(fail(format!(
            "`{}` is a symbolic link; remove it",
            path.display()
        )));
    }
    let lock = File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|e| fail(format!("`{}`: {e}", path.display())))?;
    lock.lock().map_err(|e| fail(e.to_string()))?;
    Ok(Locked { _lock: lock })
}

/// Replaces `file` with `bytes` in one step: written to a new temporary
/// file in the same folder (a fresh random name, never a link), flushed to
/// disk, then renamed over `file`.
pub fn write_atomic(file: &Path, bytes: &[u8]) -> Result<(), StateFileError> {
    let fail = |source| StateFileError::Write {
        file: file.to_path_buf(),
        source,
    };
    let dir = match file.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(dir).map_err(fail)?;
    let mut temp = tempfile::Builder::new()
        .prefix(&format!(
            ".{}.",
            file.file_name().unwrap_or_default().to_string_lossy()
        ))
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(fail)?;
    temp.write_all(bytes).map_err(fail)?;
    temp.as_file().sync_all().map_err(fail)?;
    temp.persist(file).map_err(|e| fail(e.error))?;
    Ok(())
}

/// The file as `T`; a missing file is `T::default()`. Capped at
/// [`MAX_FILE_BYTES`](super::capped::MAX_FILE_BYTES): a project's state file
/// is the project's to make as large as it likes.
pub fn read_json<T: DeserializeOwned + Default>(file: &Path) -> Result<T, StateFileError> {
    let text = match super::capped::read_text(file) {
        Ok(text) => text,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(T::default()),
        Err(source) => {
            return Err(StateFileError::Read {
                file: file.to_path_buf(),
                source,
            });
        }
    };
    serde_json::from_str(&text).map_err(|e| StateFileError::Invalid {
        file: file.to_path_buf(),
        why: e.to_string(),
    })
}

/// Reads `file` as `T` under its lock, lets `edit` change it, and writes it
/// back atomically when it changed; returns what `edit` returned. A file
/// that exists but does not read as `T` is left alone (an error), never
/// written over.
pub fn update_json<T, R>(file: &Path, edit: impl FnOnce(&mut T) -> R) -> Result<R, StateFileError>
where
    T: DeserializeOwned + Serialize + Default + PartialEq + Clone,
{
    let _locked = lock(file)?;
    let before: T = read_json(file)?;
    let mut after = before.clone();
    let out = edit(&mut after);
    if after != before {
        let mut text = serde_json::to_vec_pretty(&after).map_err(|e| StateFileError::Write {
            file: file.to_path_buf(),
            source: io::Error::other(e),
        })?;
        text.push(b'\n');
        write_atomic(file, &text)?;
    }
    Ok(out)
}

/// `plugins.json` → `plugins.json.lock`, beside it.
fn lock_path(file: &Path) -> PathBuf {
    let mut name = file.file_name().unwrap_or_default().to_os_string();
    name.push(".lock");
    file.with_file_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
    struct Names {
        #[serde(default)]
        names: Vec<String>,
    }

    #[test]
    fn parallel_updates_lose_nothing() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let file = tmp.path().join("state/names.json");
        let threads: Vec<_> = (0..16)
            .map(|i| {
                let file = file.clone();
                std::thread::spawn(move || {
                    for j in 0..10 {
                        update_json(&file, |s: &mut Names| s.names.push(format!("{i}-{j}")))
                            .expect("updates");
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().expect("thread");
        }
        let names: Names = read_json(&file).expect("reads");
        assert_eq!(names.names.len(), 160);
        // Only the file and its lock are left: no temporary file.
        let mut left: Vec<String> = std::fs::read_dir(tmp.path().join("state"))
            .expect("folder")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, ["names.json", "names.json.lock"]);
    }

    #[test]
    fn an_unchanged_state_is_not_written_and_a_bad_one_is_not_written_over() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let file = tmp.path().join("names.json");
        update_json(&file, |_: &mut Names| ()).expect("no change");
        assert!(!file.exists(), "nothing to write");

        std::fs::write(&file, "{\"names\": 3}").expect("writes");
        let e = update_json(&file, |s: &mut Names| s.names.push("x".into())).expect_err("bad");
        assert!(
            e.to_string()
                .starts_with(&format!("`{}` is not valid: invalid type", file.display())),
            "{e}"
        );
        assert_eq!(
            std::fs::read_to_string(&file).expect("reads"),
            "{\"names\": 3}"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_lock_file_that_is_a_link_is_refused() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let target = tmp.path().join("elsewhere");
        let file = tmp.path().join("names.json");
        std::os::unix::fs::symlink(&target, tmp.path().join("names.json.lock")).expect("link");
        let e = update_json(&file, |s: &mut Names| s.names.push("x".into())).expect_err("refused");
        assert!(e.to_string().contains("is a symbolic link"), "{e}");
        assert!(!target.exists(), "nothing created through the link");
    }

    #[test]
    fn an_oversized_file_is_refused_naming_the_cap() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let file = tmp.path().join("names.json");
        let big = File::create(&file).expect("creates");
        big.set_len(super::super::capped::MAX_FILE_BYTES + 1)
            .expect("sparse");
        let e = read_json::<Names>(&file).expect_err("too big");
        assert!(e.to_string().contains("over the 4 MiB"), "{e}");
    }
}
