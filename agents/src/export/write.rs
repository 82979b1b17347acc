//! Writing the package: every file goes under one folder, and nothing,
//! not even a symlink planted in that folder, can send a write outside it.

use std::collections::BTreeMap;
use std::fs;
use std::io::{self, Write};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

use tackle_host::limits::MAX_FILE_BYTES;

use super::ExportError;
use crate::regular_file::{self, FileError, Link};

/// The file, in the package folder, listing what each export wrote there.
pub(crate) const MANIFEST: &str = ".tackle-export.json";

/// A writer confined to one folder.
#[derive(Debug)]
pub(crate) struct Out {
    /// The folder, resolved (symlinks above it are the user's choice).
    root: PathBuf,
    /// What was written, relative to the folder, in order.
    written: Vec<PathBuf>,
    /// What earlier exports wrote, by agent, from the manifest.
    previous: BTreeMap<String, Vec<String>>,
}

impl Out {
    /// Creates `dir` (and its parents) if missing, and reads what earlier
    /// exports wrote there.
    pub(crate) fn create(dir: &Path) -> Result<Out, ExportError> {
        fs::create_dir_all(dir).map_err(|e| io_error(dir, e))?;
        let root = dir.canonicalize().map_err(|e| io_error(dir, e))?;
        let mut out = Out {
            root,
            written: Vec::new(),
            previous: BTreeMap::new(),
        };
        out.previous = out.read_manifest()?;
        Ok(out)
    }

    /// The folder, resolved.
    pub(crate) fn root(&self) -> &Path {
        &self.root
    }

    /// Removes what the last export for `agent` wrote and this one did not
    /// (an old hooks file, a command since removed, a binary under another
    /// name), records what this one wrote, and returns it.
    ///
    /// Only files listed in the manifest are removed, so a folder shared
    /// with the user's own files (a repository's root) keeps them; the
    /// folders left empty are removed too.
    pub(crate) fn finish(mut self, agent: &str) -> Result<Vec<PathBuf>, ExportError> {
        let written: Vec<String> = self
            .written
            .iter()
            .map(|p| p.to_string_lossy().into_owned())
            .collect();
        let stale: Vec<String> = self
            .previous
            .get(agent)
            .into_iter()
            .flatten()
            .filter(|rel| !written.contains(rel))
            // Another agent's package in the same folder still uses it.
            .filter(|rel| {
                !self
                    .previous
                    .iter()
                    .any(|(other, files)| other != agent && files.contains(rel))
            })
            .cloned()
            .collect();
        for rel in &stale {
            self.remove(rel)?;
        }
        self.previous.insert(agent.to_owned(), written);
        let manifest = serde_json::json!({
            "note": "The files `tackle export` wrote here, by agent: the next export for an agent removes those it no longer writes. Nothing else here is touched.",
            "exports": self.previous,
        });
        self.text(MANIFEST, &super::quote::json(&manifest))?;
        Ok(self.written)
    }

    /// Whether something at `rel` is not tackle's: it exists (or cannot be
    /// reached without leaving the folder) and no export recorded in the
    /// manifest wrote it. A file shared with the user's own settings (a
    /// repository's `.github/mcp.json`) is written only when it is not.
    pub(crate) fn is_foreign(&self, rel: &str) -> bool {
        match self.existing(rel) {
            Ok(None) => false,
            Ok(Some(path)) if fs::symlink_metadata(&path).is_err() => false,
            Ok(Some(_)) => !self
                .previous
                .values()
                .any(|files| files.iter().any(|f| f == rel)),
            Err(_) => true,
        }
    }

    /// Writes `text` at `rel`.
    pub(crate) fn text(&mut self, rel: &str, text: &str) -> Result<(), ExportError> {
        let path = self.target(rel)?;
        replace(&path, |file| file.write_all(text.as_bytes()))?;
        self.written.push(PathBuf::from(rel));
        Ok(())
    }

    /// Writes the script `text` at `rel` and makes it executable.
    pub(crate) fn script(&mut self, rel: &str, text: &str) -> Result<(), ExportError> {
        let path = self.target(rel)?;
        replace(&path, |file| {
            file.write_all(text.as_bytes())?;
            make_executable(file)
        })?;
        set_executable(&path)?;
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
            let copy = |file: &mut fs::File| {
                let mut from = fs::File::open(source).map_err(|e| {
                    io::Error::new(
                        e.kind(),
                        format!("cannot copy the binary `{}`: {e}", source.display()),
                    )
                })?;
                io::copy(&mut from, file)?;
                make_executable(file)
            };
            // A fresh file renamed over the old one: a running copy cannot
            // be written in place ("text file busy"), and a hard link's
            // other names keep their content.
            replace(&path, copy)?;
        }
        set_executable(&path)?;
        self.written.push(PathBuf::from(rel));
        Ok(())
    }

    /// The files the manifest says the last export for `agent` wrote.
    pub(crate) fn written_by(&self, agent: &str) -> Vec<String> {
        self.previous.get(agent).cloned().unwrap_or_default()
    }

    /// The path of `rel` if it is a plain file (not a link) inside the
    /// folder; `None` when it is missing, something else, or leads out.
    pub(crate) fn plain_file(&self, rel: &str) -> Option<PathBuf> {
        let path = self.existing(rel).ok()??;
        fs::symlink_metadata(&path)
            .is_ok_and(|m| m.is_file())
            .then_some(path)
    }

    /// What the manifest says earlier exports wrote; nothing if there is
    /// none or it cannot be read as one (then nothing is removed). A
    /// FIFO, a device or a folder in its place is refused: reading it
    /// could block forever, or never end.
    fn read_manifest(&self) -> Result<BTreeMap<String, Vec<String>>, ExportError> {
        let Some(path) = self.existing(MANIFEST)? else {
            return Ok(BTreeMap::new());
        };
        let text = match regular_file::read_text(&path, Link::Follow, MAX_FILE_BYTES) {
            Ok(Some(text)) => text,
            Ok(None) | Err(FileError::Io(_)) => return Ok(BTreeMap::new()),
            Err(e) => {
                return Err(io_error(
                    &path,
                    io::Error::new(io::ErrorKind::InvalidData, e.to_string()),
                ));
            }
        };
        let exports = serde_json::from_str::<serde_json::Value>(&text)
            .ok()
            .and_then(|v| serde_json::from_value(v["exports"].clone()).ok());
        Ok(exports.unwrap_or_default())
    }

    /// Removes the file an earlier export wrote at `rel`, if it is still a
    /// plain file inside the folder, then the folders it leaves empty.
    pub(crate) fn remove(&self, rel: &str) -> Result<(), ExportError> {
        // A path that leads out of the folder was never written by an
        // export: leave it.
        let Ok(Some(path)) = self.existing(rel) else {
            return Ok(());
        };
        // Something else now (a folder, a symlink): not tackle's to delete.
        if !fs::symlink_metadata(&path).is_ok_and(|m| m.is_file()) {
            return Ok(());
        }
        fs::remove_file(&path).map_err(|e| io_error(&path, e))?;
        let mut folder = path.parent();
        while let Some(dir) = folder.filter(|d| d.starts_with(&self.root) && *d != self.root) {
            // Fails, and stops, at the first folder that holds something.
            if fs::remove_dir(dir).is_err() {
                break;
            }
            folder = dir.parent();
        }
        Ok(())
    }

    /// The path of `rel` if it exists, after the same checks as a write;
    /// `None` if it or a folder above it is missing.
    fn existing(&self, rel: &str) -> Result<Option<PathBuf>, ExportError> {
        self.resolve(rel, false)
    }

    /// The absolute path of `rel`, its parent folders created, after
    /// checking that each of them and the file itself stay in the folder.
    fn target(&self, rel: &str) -> Result<PathBuf, ExportError> {
        let path = self.resolve(rel, true)?;
        path.ok_or_else(|| io_error(&self.root.join(rel), io::ErrorKind::NotFound.into()))
    }

    /// [`target`](Out::target), creating missing folders only if `create`
    /// (else `None` for a missing one).
    fn resolve(&self, rel: &str, create: bool) -> Result<Option<PathBuf>, ExportError> {
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
                Err(e) if e.kind() == io::ErrorKind::NotFound && create => {
                    fs::create_dir(&current).map_err(|e| io_error(&current, e))?;
                }
                Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
                Err(e) => return Err(io_error(&current, e)),
            }
        }
        current.push(file);
        match fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                self.inside(&current)?;
            }
            Err(_) if !create => return Ok(None),
            _ => {}
        }
        Ok(Some(current))
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

/// Writes a fresh file beside `path` with `fill`, then renames it over
/// `path`: an existing file is replaced, never written through, so a hard
/// link planted in the folder cannot carry the write to a file outside it.
fn replace(
    path: &Path,
    fill: impl FnOnce(&mut fs::File) -> io::Result<()>,
) -> Result<(), ExportError> {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temp = path.with_file_name(format!(
        ".{name}.tackle-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    // `create_new`: never follows a symlink someone put at that name.
    let written = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temp)
        .and_then(|mut file| {
            fill(&mut file)?;
            file.sync_all()
        })
        .and_then(|()| fs::rename(&temp, path));
    written.map_err(|e| {
        let _ = fs::remove_file(&temp);
        io_error(path, e)
    })
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

/// The fresh copy is executable before it takes the binary's name.
#[cfg(unix)]
fn make_executable(file: &fs::File) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    file.set_permissions(fs::Permissions::from_mode(0o755))
}

#[cfg(not(unix))]
fn make_executable(_file: &fs::File) -> io::Result<()> {
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

    #[cfg(unix)]
    #[test]
    fn a_hard_link_in_the_folder_is_replaced_not_written_through() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let pkg = tmp.path().join("pkg");
        fs::create_dir_all(pkg.join("hooks")).expect("mkdir");
        let away = tmp.path().join("victim");
        fs::write(&away, "precious").expect("writes");
        fs::hard_link(&away, pkg.join("hooks/hooks.json")).expect("links");
        fs::hard_link(&away, pkg.join("bin")).expect("links");
        let mut out = Out::create(&pkg).expect("creates");
        out.text("hooks/hooks.json", "{}").expect("writes");
        let exe = tmp.path().join("exe");
        fs::write(&exe, "binary").expect("writes");
        out.executable("bin", &exe).expect("copies");
        assert_eq!(fs::read_to_string(&away).expect("reads"), "precious");
        assert_eq!(
            fs::read_to_string(pkg.join("hooks/hooks.json")).expect("reads"),
            "{}"
        );
        assert_eq!(
            fs::read_to_string(pkg.join("bin")).expect("reads"),
            "binary"
        );
        // No temporary file is left behind.
        assert_eq!(fs::read_dir(pkg.join("hooks")).expect("reads").count(), 1);
    }

    #[test]
    fn a_new_export_removes_only_what_the_last_one_for_that_agent_wrote() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let pkg = tmp.path().join("pkg");
        let mut out = Out::create(&pkg).expect("creates");
        out.text("commands/old.md", "old").expect("writes");
        out.text("commands/kept.md", "v1").expect("writes");
        out.text("gone/deep/file", "x").expect("writes");
        out.finish("claude").expect("finishes");
        let mut out = Out::create(&pkg).expect("creates");
        out.text("shared", "pi's").expect("writes");
        out.finish("pi").expect("finishes");
        fs::write(pkg.join("commands/mine.md"), "the user's").expect("writes");

        let mut out = Out::create(&pkg).expect("creates");
        out.text("commands/kept.md", "v2").expect("writes");
        let files = out.finish("claude").expect("finishes");
        assert_eq!(
            files,
            [PathBuf::from("commands/kept.md"), PathBuf::from(MANIFEST)]
        );
        assert!(!pkg.join("commands/old.md").exists());
        assert!(!pkg.join("gone").exists(), "emptied folders go too");
        assert!(pkg.join("commands/mine.md").is_file(), "not tackle's");
        assert!(pkg.join("shared").is_file(), "another agent's");
        let manifest: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(pkg.join(MANIFEST)).expect("reads"))
                .expect("JSON");
        assert_eq!(
            manifest["exports"]["claude"],
            serde_json::json!(["commands/kept.md"])
        );
        assert_eq!(manifest["exports"]["pi"], serde_json::json!(["shared"]));
    }

    #[test]
    fn a_file_no_export_wrote_is_foreign() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let pkg = tmp.path().join("pkg");
        fs::create_dir_all(pkg.join(".github")).expect("mkdir");
        fs::write(pkg.join(".github/mcp.json"), "{}").expect("writes");
        let mut out = Out::create(&pkg).expect("creates");
        assert!(out.is_foreign(".github/mcp.json"), "the user's");
        assert!(!out.is_foreign(".github/hooks/x.json"), "missing");
        assert!(!out.is_foreign("nowhere/deep/x"), "missing folder");
        assert!(out.is_foreign("../outside"), "outside the folder");
        out.text("ours.json", "{}").expect("writes");
        out.finish("copilot").expect("finishes");
        let out = Out::create(&pkg).expect("creates");
        assert!(!out.is_foreign("ours.json"), "an earlier export's");
        assert!(out.is_foreign(".github/mcp.json"), "still the user's");
    }

    /// Reading a FIFO would wait for a writer forever: refused at once,
    /// naming it, with nothing written.
    #[cfg(unix)]
    #[test]
    fn a_manifest_that_is_not_a_file_is_refused_at_once() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let pkg = tmp.path().join("pkg");
        fs::create_dir_all(&pkg).expect("mkdir");
        let made = std::process::Command::new("mkfifo")
            .arg(pkg.join(MANIFEST))
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        let err = Out::create(&pkg).expect_err("refused");
        assert!(
            err.to_string()
                .contains("it is a FIFO (named pipe), not a regular file"),
            "{err}"
        );
        assert_eq!(fs::read_dir(&pkg).expect("reads").count(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn a_manifest_cannot_send_a_removal_outside_the_folder() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let pkg = tmp.path().join("pkg");
        let away = tmp.path().join("away");
        fs::create_dir_all(&pkg).expect("mkdir");
        fs::create_dir_all(&away).expect("mkdir");
        fs::write(away.join("f"), "keep").expect("writes");
        fs::write(tmp.path().join("g"), "keep").expect("writes");
        std::os::unix::fs::symlink(&away, pkg.join("link")).expect("symlink");
        let forged = r#"{"exports": {"claude": ["link/f", "../g", "/etc/passwd"]}}"#;
        fs::write(pkg.join(MANIFEST), forged).expect("writes");
        let mut out = Out::create(&pkg).expect("creates");
        out.text("x", "x").expect("writes");
        out.finish("claude").expect("skips what is outside");
        assert!(away.join("f").is_file() && tmp.path().join("g").is_file());
    }
}
