//! Writing the package: every file goes under one folder, and nothing,
//! not even a symlink planted in that folder, can send a write outside it.

use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};

use super::ExportError;

/// A writer confined to one folder.
#[derive(Debug)]
pub(crate) struct Out {
    /// The folder, resolved (symlinks above it are the user's choice).
    root: PathBuf,
    /// What was written, relative to the folder, in order.
    written: Vec<PathBuf>,
}

impl Out {
    /// Creates `dir` (and its parents) if missing.
    pub(crate) fn create(dir: &Path) -> Result<Out, ExportError> {
        fs::create_dir_all(dir).map_err(|e| io_error(dir, e))?;
        let root = dir.canonicalize().map_err(|e| io_error(dir, e))?;
        Ok(Out {
            root,
            written: Vec::new(),
        })
    }

    /// The folder, resolved.
    pub(crate) fn root(&self) -> &Path {
        &self.root
    }

    /// The files written so far, relative to the folder.
    pub(crate) fn into_written(self) -> Vec<PathBuf> {
        self.written
    }

    /// Writes `text` at `rel`.
    pub(crate) fn text(&mut self, rel: &str, text: &str) -> Result<(), ExportError> {
        let path = self.target(rel)?;
        fs::write(&path, text).map_err(|e| io_error(&path, e))?;
        self.written.push(PathBuf::from(rel));
        Ok(())
    }

    /// Copies the executable `source` to `rel` and makes it executable.
    pub(crate) fn executable(&mut self, rel: &str, source: &Path) -> Result<(), ExportError> {
        let path = self.target(rel)?;
        // Re-exporting from a binary inside the package: copying a file
        // onto itself would truncate it.
        let same = match (source.canonicalize(), path.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        };
        if !same {
            // A running copy cannot be overwritten in place ("text file
            // busy"); a fresh inode can replace it.
            if path.exists() {
                fs::remove_file(&path).map_err(|e| io_error(&path, e))?;
            }
            fs::copy(source, &path).map_err(|e| ExportError::Io {
                path: path.clone(),
                source: io::Error::new(
                    e.kind(),
                    format!("cannot copy the binary `{}`: {e}", source.display()),
                ),
            })?;
        }
        set_executable(&path)?;
        self.written.push(PathBuf::from(rel));
        Ok(())
    }

    /// The absolute path of `rel`, its parent folders created, after
    /// checking that each of them and the file itself stay in the folder.
    fn target(&self, rel: &str) -> Result<PathBuf, ExportError> {
        let relative = Path::new(rel);
        let outside = |why: &str| ExportError::Outside {
            path: self.root.join(relative),
            why: why.to_owned(),
        };
        let mut parts = Vec::new();
        for component in relative.components() {
            match component {
                Component::Normal(part) => parts.push(part),
                Component::ParentDir => return Err(outside("the path climbs out with `..`")),
                Component::RootDir | Component::Prefix(_) => {
                    return Err(outside("the path is absolute"));
                }
                Component::CurDir => {}
            }
        }
        let Some((file, folders)) = parts.split_last() else {
            return Err(outside("the path names no file"));
        };
        let mut current = self.root.clone();
        for folder in folders {
            current.push(folder);
            match fs::symlink_metadata(&current) {
                Ok(meta) if meta.file_type().is_symlink() => {
                    let resolved = self.inside(&current)?;
                    if !resolved.is_dir() {
                        return Err(ExportError::Outside {
                            path: current,
                            why: "a symlink to something other than a folder is in the way".into(),
                        });
                    }
                }
                Ok(meta) if meta.is_dir() => {}
                Ok(_) => {
                    return Err(ExportError::Io {
                        path: current,
                        source: io::Error::new(
                            io::ErrorKind::AlreadyExists,
                            "a file is in the way of a folder the package needs",
                        ),
                    });
                }
                Err(e) if e.kind() == io::ErrorKind::NotFound => {
                    fs::create_dir(&current).map_err(|e| io_error(&current, e))?;
                }
                Err(e) => return Err(io_error(&current, e)),
            }
        }
        current.push(file);
        if fs::symlink_metadata(&current).is_ok_and(|m| m.file_type().is_symlink()) {
            self.inside(&current)?;
        }
        Ok(current)
    }

    /// Where the symlink at `path` leads, if that is inside the folder.
    fn inside(&self, path: &Path) -> Result<PathBuf, ExportError> {
        let resolved = path.canonicalize().map_err(|_| ExportError::Outside {
            path: path.to_owned(),
            why: "it is a symlink that leads nowhere".into(),
        })?;
        if resolved.starts_with(&self.root) {
            Ok(resolved)
        } else {
            Err(ExportError::Outside {
                path: path.to_owned(),
                why: format!(
                    "it is a symlink to `{}`, outside the package folder",
                    resolved.display()
                ),
            })
        }
    }
}

fn io_error(path: &Path, source: io::Error) -> ExportError {
    ExportError::Io {
        path: path.to_owned(),
        source,
    }
}

#[cfg(unix)]
fn set_executable(path: &Path) -> Result<(), ExportError> {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(0o755)).map_err(|e| io_error(path, e))
}

#[cfg(not(unix))]
fn set_executable(_path: &Path) -> Result<(), ExportError> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_that_leave_the_folder_are_refused_before_anything_is_written() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let mut out = Out::create(&tmp.path().join("pkg")).expect("creates");
        for bad in ["../x", "a/../../x", "/etc/x", ""] {
            let err = out.text(bad, "x").expect_err(bad);
            assert!(matches!(err, ExportError::Outside { .. }), "{bad}: {err}");
        }
        assert!(!tmp.path().join("x").exists());
        out.text("a/b/c.txt", "hi").expect("writes");
        assert_eq!(
            fs::read_to_string(tmp.path().join("pkg/a/b/c.txt")).expect("reads"),
            "hi"
        );
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_inside_are_followed_and_symlinks_out_refused() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let pkg = tmp.path().join("pkg");
        let away = tmp.path().join("away");
        fs::create_dir_all(pkg.join("real")).expect("mkdir");
        fs::create_dir_all(&away).expect("mkdir");
        std::os::unix::fs::symlink(pkg.join("real"), pkg.join("inner")).expect("symlink");
        std::os::unix::fs::symlink(&away, pkg.join("hooks")).expect("symlink");
        std::os::unix::fs::symlink(away.join("f"), pkg.join("file")).expect("symlink");
        let mut out = Out::create(&pkg).expect("creates");
        out.text("inner/x", "ok").expect("inside");
        assert!(pkg.join("real/x").is_file());
        let err = out.text("hooks/hooks.json", "{}").expect_err("escapes");
        assert!(
            err.to_string().contains("outside the package folder"),
            "{err}"
        );
        let err = out.text("file", "{}").expect_err("dangling, outside");
        assert!(matches!(err, ExportError::Outside { .. }), "{err}");
        assert_eq!(fs::read_dir(&away).expect("reads").count(), 0);
    }
}
