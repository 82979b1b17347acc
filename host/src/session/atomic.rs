//! Files that several processes read and write: a lock file held while a
//! session's copies are read, changed and written back.
//!
//! The lock is a file of its own, never rewritten, so that readers of the
//! copies need no lock and a session's removal can re-check what it guards.

use std::fs::{File, OpenOptions, TryLockError};
use std::io;
use std::path::Path;
use std::time::{Duration, Instant};

use tackle::session::SessionError;

/// How long to wait for another process's lock before giving up: an
/// update holds it for a read and a write of one small file.
pub(super) const LOCK_WAIT: Duration = Duration::from_secs(10);

/// A held lock; released when dropped (closing the file releases it).
#[derive(Debug)]
pub(super) struct Held {
    _file: File,
}

/// Takes the lock at `path` (created if missing), waiting up to `wait` for
/// whoever holds it.
pub(super) fn lock(path: &Path, wait: Duration) -> Result<Held, SessionError> {
    let deadline = Instant::now() + wait;
    let mut pause = Duration::from_micros(50);
    loop {
        let file = open_lock(path)?;
        loop {
            match file.try_lock() {
                Ok(()) => break,
                Err(TryLockError::WouldBlock) if Instant::now() < deadline => {
                    std::thread::sleep(pause);
                    pause = (pause * 2).min(Duration::from_millis(5));
                }
                Err(TryLockError::WouldBlock) => {
                    return Err(SessionError::Locked {
                        path: path.to_owned(),
                        secs: wait.as_secs(),
                    });
                }
                Err(TryLockError::Error(e)) => return Err(io_error("lock", path, e)),
            }
        }
        // Whoever held it may have removed the file (the session ended or
        // was pruned): this lock then guards nothing, take the new one.
        if still_named(&file, path).map_err(|e| io_error("lock", path, e))? {
            return Ok(Held { _file: file });
        }
    }
}

/// Takes the lock at `path` only if nobody holds it; `None` if somebody
/// does or the file is gone.
pub(super) fn try_lock(path: &Path) -> Result<Option<Held>, SessionError> {
    let file = match open_in_store(OpenOptions::new().read(true).write(true), path) {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io_error("open", path, e)),
    };
    match file.try_lock() {
        Ok(()) => {}
        Err(TryLockError::WouldBlock) => return Ok(None),
        Err(TryLockError::Error(e)) => return Err(io_error("lock", path, e)),
    }
    let named = still_named(&file, path).map_err(|e| io_error("lock", path, e))?;
    Ok(named.then_some(Held { _file: file }))
}

/// Removes `path`; one already gone is fine.
pub(super) fn remove(path: &Path) -> Result<(), SessionError> {
    match std::fs::remove_file(path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(io_error("remove", path, e)),
    }
}

/// Creates `dir` and its parents, readable by the user only.
pub(super) fn private_dir(dir: &Path) -> Result<(), SessionError> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder
        .create(dir)
        .map_err(|e| io_error("create the folder", dir, e))
}

fn open_lock(path: &Path) -> Result<File, SessionError> {
    let mut options = OpenOptions::new();
    options.read(true).write(true).create(true).truncate(false);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    open_in_store(&mut options, path).map_err(|e| io_error("open", path, e))
}

/// Opens `path` to write over, created readable by the user only; never
/// truncated (the caller writes in place).
pub(super) fn open_private(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.write(true).create(true).truncate(false);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    open_in_store(&mut options, path)
}

/// Opens a file of the store with `options`, only if it is a regular file
/// of its own: a symbolic link planted in its place is not followed (a
/// write through it would land elsewhere), and a FIFO or device is not
/// waited on (the open does not block, and the file is refused).
pub(super) fn open_in_store(options: &mut OpenOptions, path: &Path) -> io::Result<File> {
    #[cfg(unix)]
    {
        use rustix::fs::OFlags;
        let flags = (OFlags::NOFOLLOW | OFlags::NONBLOCK).bits();
        std::os::unix::fs::OpenOptionsExt::custom_flags(
            options,
            i32::try_from(flags).unwrap_or(i32::MAX),
        );
    }
    let file = match options.open(path) {
        Ok(file) => file,
        Err(e) if is_symlink(path) => {
            return Err(io::Error::other(format!(
                "it is a symbolic link, which the session store never follows ({e})"
            )));
        }
        Err(e) => return Err(e),
    };
    let kind = file.metadata()?.file_type();
    if !kind.is_file() {
        return Err(io::Error::other(
            "it is not a regular file (a FIFO, socket, device or folder in the store's place)",
        ));
    }
    Ok(file)
}

fn is_symlink(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}

/// Whether `path` still names the open `file`.
#[cfg(unix)]
fn still_named(file: &File, path: &Path) -> io::Result<bool> {
    use std::os::unix::fs::MetadataExt;
    let open = file.metadata()?;
    match std::fs::metadata(path) {
        Ok(named) => Ok(named.dev() == open.dev() && named.ino() == open.ino()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(e),
    }
}

/// Without inode numbers, only whether the name is still there.
#[cfg(not(unix))]
fn still_named(_file: &File, path: &Path) -> io::Result<bool> {
    Ok(path.exists())
}

pub(super) fn io_error(action: &'static str, path: &Path, source: io::Error) -> SessionError {
    SessionError::Io {
        action,
        path: path.to_owned(),
        source,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lock_file_removed_or_replaced_guards_nothing() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("s.lock");
        let file = open_lock(&path).expect("opens");
        assert!(still_named(&file, &path).expect("checks"));
        std::fs::remove_file(&path).expect("removes");
        assert!(!still_named(&file, &path).expect("checks"));
        std::fs::write(&path, "").expect("a new file under the name");
        assert!(!still_named(&file, &path).expect("checks"));
        // Taking the lock now takes the new file's.
        let held = lock(&path, LOCK_WAIT).expect("locks");
        assert!(still_named(&held._file, &path).expect("checks"));
    }

    #[test]
    fn a_held_lock_is_not_taken_again_and_waiting_for_it_ends() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("s.lock");
        let held = lock(&path, LOCK_WAIT).expect("locks");
        assert!(try_lock(&path).expect("tries").is_none());
        let error = lock(&path, Duration::ZERO).expect_err("held");
        assert!(
            matches!(&error, SessionError::Locked { path: p, .. } if *p == path),
            "{error}"
        );
        assert!(
            error
                .to_string()
                .contains("stayed locked by another process")
        );
        drop(held);
        assert!(try_lock(&path).expect("tries").is_some());
        assert!(
            try_lock(&dir.path().join("gone.lock"))
                .expect("tries")
                .is_none()
        );
    }
}
