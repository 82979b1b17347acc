//! Opening a file that must be a regular one: `install` and `export`
//! read the agent's config files and their own bookkeeping, which a
//! repository (or a slip) can replace with a FIFO, which blocks a reader
//! forever, or with a device such as `/dev/zero`, which never ends.
//!
//! The file is opened without blocking (`O_NONBLOCK`: opening a FIFO
//! with no writer returns at once) and its type is read from the open
//! handle, not from a look at the path before it, which the path could
//! be swapped after. A look comes first all the same, so that a device
//! is not even opened (opening some has effects: a terminal can become
//! the process's own). Text is read up to a cap, checked while reading.

use std::fs::{self, File, FileType};
use std::io::{self, Read};
use std::path::Path;

/// Why a file was not read.
#[derive(Debug, thiserror::Error)]
pub(crate) enum FileError {
    /// It is something else than a regular file.
    #[error("it is {0}, not a regular file")]
    NotRegular(&'static str),
    /// It is larger than the cap.
    #[error("it is {size} bytes or more, over the {} MiB read", cap / (1024 * 1024))]
    TooLarge {
        /// Its size, or what was read of it.
        size: u64,
        /// The cap.
        cap: u64,
    },
    /// It could not be opened or read.
    #[error(transparent)]
    Io(io::Error),
}

/// Whether a symbolic link at the path is followed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Link {
    /// Followed: the file it names must be a regular one (a user's
    /// settings kept as a link by a dotfiles manager).
    Follow,
    /// Refused, as something else than a regular file (tackle's own
    /// files, which it never writes as links).
    Refuse,
}

/// The file at `path`, opened for reading; `None` when nothing is there.
pub(crate) fn open(path: &Path, link: Link) -> Result<Option<File>, FileError> {
    let look = || match link {
        Link::Follow => fs::metadata(path),
        Link::Refuse => fs::symlink_metadata(path),
    };
    match look() {
        Ok(meta) if !meta.is_file() => return Err(FileError::NotRegular(kind(meta.file_type()))),
        Ok(_) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(FileError::Io(e)),
    }
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        let no_follow = if link == Link::Refuse {
            libc::O_NOFOLLOW
        } else {
            0
        };
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY | no_follow);
    }
    let file = match options.open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        // A socket cannot be opened (ENXIO), nor a link with O_NOFOLLOW
        // (ELOOP): either was put there since the look.
        Err(e) => {
            return Err(match look() {
                Ok(meta) if !meta.is_file() => FileError::NotRegular(kind(meta.file_type())),
                _ => FileError::Io(e),
            });
        }
    };
    let meta = file.metadata().map_err(FileError::Io)?;
    if !meta.is_file() {
        return Err(FileError::NotRegular(kind(meta.file_type())));
    }
    Ok(Some(file))
}

/// The text of the regular file at `path`, at most `cap` bytes; `None`
/// when nothing is there.
pub(crate) fn read_text(path: &Path, link: Link, cap: u64) -> Result<Option<String>, FileError> {
    let Some(file) = open(path, link)? else {
        return Ok(None);
    };
    // The length is a hint (the file may grow while read): the read is
    // capped too.
    let size = file.metadata().map_err(FileError::Io)?.len();
    if size > cap {
        return Err(FileError::TooLarge { size, cap });
    }
    let mut text = String::new();
    file.take(cap + 1)
        .read_to_string(&mut text)
        .map_err(FileError::Io)?;
    if text.len() as u64 > cap {
        return Err(FileError::TooLarge {
            size: text.len() as u64,
            cap,
        });
    }
    Ok(Some(text))
}

/// What a file of type `kind` is, in words.
fn kind(kind: FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if kind.is_socket() {
            return "a socket";
        }
        if kind.is_char_device() {
            return "a character device";
        }
        if kind.is_block_device() {
            return "a block device";
        }
    }
    if kind.is_dir() {
        "a folder"
    } else if kind.is_symlink() {
        "a symbolic link"
    } else {
        "neither a file nor a folder"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_regular_file_is_read_and_a_missing_one_is_none() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let path = tmp.path().join("settings.json");
        assert!(
            read_text(&path, Link::Follow, 10)
                .expect("missing")
                .is_none()
        );
        fs::write(&path, "{}").expect("writes");
        assert_eq!(
            read_text(&path, Link::Follow, 10)
                .expect("reads")
                .as_deref(),
            Some("{}")
        );
    }

    #[test]
    fn a_file_over_the_cap_is_refused_naming_the_cap() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let path = tmp.path().join("big.json");
        let file = File::create(&path).expect("creates");
        file.set_len(3 * 1024 * 1024).expect("sparse");
        let e = read_text(&path, Link::Follow, 2 * 1024 * 1024).expect_err("refused");
        assert!(matches!(e, FileError::TooLarge { .. }), "{e}");
        assert!(e.to_string().contains("over the 2 MiB read"), "{e}");
    }

    #[test]
    fn a_folder_is_refused_as_a_folder() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let e = read_text(tmp.path(), Link::Follow, 10).expect_err("refused");
        assert_eq!(e.to_string(), "it is a folder, not a regular file");
    }

    /// Reading either would block, or never end: each is refused at once,
    /// through a symbolic link too.
    #[cfg(unix)]
    #[test]
    fn fifos_sockets_and_devices_are_refused_without_blocking() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let fifo = tmp.path().join("fifo");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        let socket = tmp.path().join("socket");
        let _listener = std::os::unix::net::UnixListener::bind(&socket).expect("binds");
        let zero = tmp.path().join("zero");
        std::os::unix::fs::symlink("/dev/zero", &zero).expect("links");
        for (path, what) in [
            (&fifo, "a FIFO (named pipe)"),
            (&socket, "a socket"),
            (&zero, "a character device"),
        ] {
            let e = read_text(path, Link::Follow, 1024).expect_err("refused");
            assert_eq!(e.to_string(), format!("it is {what}, not a regular file"));
            assert!(open(path, Link::Follow).is_err(), "{}", path.display());
        }
        let e = read_text(&zero, Link::Refuse, 1024).expect_err("refused");
        assert_eq!(e.to_string(), "it is a symbolic link, not a regular file");
    }
}
