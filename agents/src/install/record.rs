//! `.tackle-install.json`, in the package folder: what install created
//! outside it (config files, the keys and folders it made for them) and
//! each file it wrote inside it with its SHA-256, so that `--uninstall`
//! takes out that and nothing else.
//!
//! In a project the package folder is the repository's: the record may
//! have been edited, or shipped hostile. What it says can only narrow
//! what uninstall takes out, never point it elsewhere: a config file it
//! names counts only where install writes for the agent (one of the
//! current targets, or a folder install writes whole files in), a folder
//! only above that file, a package file only inside the package folder
//! (`export::write::Out`) and only while its SHA-256 is the recorded one.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Component, Path, PathBuf};

use serde::{Deserialize, Serialize};
use tackle_host::limits::MAX_FILE_BYTES;

use super::{InstallError, file_error, targets};
use crate::export;
use crate::regular_file::{self, Link};

/// The record's name in the package folder.
pub(super) const RECORD: &str = ".tackle-install.json";

/// What the record says, as the file holds it.
#[derive(Debug, Default, Clone, Serialize, Deserialize)]
pub(super) struct InstallRecord {
    /// The config files install created or changed.
    pub(super) configs: Vec<Record>,
    /// What install wrote in the package folder; `None` in a record of
    /// an install from before these were kept (then the export manifest
    /// says which files export wrote).
    #[serde(default)]
    pub(super) package: Option<PackageFiles>,
}

/// What install wrote in the package folder.
#[derive(Debug, Default, Clone, Serialize, Deserialize)]
pub(super) struct PackageFiles {
    /// Each file, relative to the package folder, with its SHA-256 (hex).
    pub(super) files: BTreeMap<String, String>,
    /// The folders above the package folder install created (`<bin>/`,
    /// `tackle/`), innermost first.
    pub(super) created_dirs: Vec<PathBuf>,
}

/// What install recorded about a config file.
#[derive(Debug, Default, Clone, Serialize, Deserialize)]
pub(super) struct Record {
    /// The config file.
    pub(super) config: PathBuf,
    /// Install created the file.
    pub(super) created_file: bool,
    /// The folders install created for it, innermost first.
    pub(super) created_dirs: Vec<PathBuf>,
    /// The keys install created in it (`hooks`, `hooks.EVENT`).
    pub(super) created_keys: Vec<String>,
    /// Install wrote the file whole (it holds nothing of the user's).
    #[serde(default)]
    pub(super) whole: bool,
    /// The SHA-256 (hex) of what install wrote, for a file it wrote whole.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) sha256: Option<String>,
    /// The settings install set in the file (a managed policy's).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(super) pins: Vec<super::pins::SetPin>,
}

/// The record in `package`; empty when there is none, or it is not one
/// (then nothing is believed). Refused when it is not a regular file.
pub(super) fn read(package: &Path) -> Result<InstallRecord, InstallError> {
    /// The record as this version writes it, or as installs wrote it
    /// before package files were recorded: a list of config records.
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Stored {
        Current(InstallRecord),
        Earlier(Vec<Record>),
    }
    let path = package.join(RECORD);
    // Install's own file: never a link, whoever put one there.
    let text = regular_file::read_text(&path, Link::Refuse, MAX_FILE_BYTES)
        .map_err(|e| file_error(&path, e))?;
    Ok(
        match text.and_then(|t| serde_json::from_str::<Stored>(&t).ok()) {
            Some(Stored::Current(record)) => record,
            Some(Stored::Earlier(configs)) => InstallRecord {
                configs,
                package: None,
            },
            None => InstallRecord::default(),
        },
    )
}

/// The record as the file's text.
pub(super) fn render(record: &InstallRecord) -> String {
    serde_json::to_string_pretty(record).unwrap_or_default() + "\n"
}

/// Where the config files a record names may be, for the agent and scope.
#[derive(Debug, Clone, Copy)]
pub(super) struct Confines<'a> {
    /// The folders install writes whole files in whose set changes with
    /// the package (`targets::whole_file_dirs`).
    pub(super) dirs: &'a [PathBuf],
    /// The project, for a project's install: no link below it is followed.
    pub(super) project: Option<&'a Path>,
}

impl Record {
    /// A file install wrote whole that the package no longer has (a hook
    /// file for an event a new version does not need): its text, to be
    /// removed. Only a plain file (not a link) in one of the folders
    /// install writes whole files in for the agent (`confines`), reached
    /// with no link in a project, and only while it is what install wrote
    /// (its SHA-256), or, recorded before those were kept, while it names
    /// one of the package's `binaries`. A file the user has since
    /// rewritten is left alone, and so is one the record has no business
    /// naming.
    pub(super) fn stale(
        &self,
        targets: &[targets::Target],
        binaries: &[PathBuf],
        confines: Confines<'_>,
    ) -> Option<String> {
        if !self.whole || !self.created_file || targets.iter().any(|t| t.config == self.config) {
            return None;
        }
        if !confines
            .dirs
            .iter()
            .any(|dir| plainly_below(dir, &self.config))
            || confines
                .project
                .is_some_and(|root| super::no_link_below(root, &self.config).is_err())
            || !std::fs::symlink_metadata(&self.config).is_ok_and(|m| m.is_file())
        {
            return None;
        }
        let text = regular_file::read_text(&self.config, Link::Refuse, MAX_FILE_BYTES)
            .ok()
            .flatten()?;
        if let Some(sha256) = &self.sha256 {
            return (*sha256 == sha256_hex(text.as_bytes())).then_some(text);
        }
        let names = |binary: &PathBuf| {
            let path = binary.to_string_lossy();
            // As a shell word, or in a JavaScript string (Cline's `.cjs`,
            // its Windows backslashes escaped).
            let in_string = export::quote::string(&path);
            text.contains(path.as_ref())
                || text.contains(&export::quote::shell(&path))
                || text.contains(in_string.trim_matches('"'))
        };
        binaries.iter().any(names).then_some(text)
    }

    /// Whether `text` is what install wrote, by the recorded SHA-256.
    pub(super) fn wrote(&self, text: &str) -> bool {
        self.sha256
            .as_ref()
            .is_some_and(|sha256| *sha256 == sha256_hex(text.as_bytes()))
    }

    /// Removes the file and, while empty, the folders install made for
    /// it: only folders above the file (in a project, below the project).
    pub(super) fn remove(&self, project: Option<&Path>) -> Result<(), InstallError> {
        std::fs::remove_file(&self.config).map_err(|source| InstallError::Io {
            path: self.config.clone(),
            source,
        })?;
        for dir in &self.created_dirs {
            let in_project = project.is_none_or(|root| plainly_below(root, dir));
            if in_project && plainly_below(dir, &self.config) {
                // Only while empty: the user may have put files there.
                let _ = std::fs::remove_dir(dir);
            }
        }
        Ok(())
    }
}

/// Whether `path` is below `dir` by plain names alone (no `..` or `.`).
pub(super) fn plainly_below(dir: &Path, path: &Path) -> bool {
    path.strip_prefix(dir).is_ok_and(|rest| {
        rest.components().next().is_some()
            && rest.components().all(|c| matches!(c, Component::Normal(_)))
    })
}

/// The SHA-256 of `bytes`, in hex.
pub(super) fn sha256_hex(bytes: &[u8]) -> String {
    hex(&hmac_sha256::Hash::hash(bytes))
}

/// The SHA-256 (hex) of the regular file at `path`, read as it streams
/// (a binary can be large), the link at `path` not followed; `None` when
/// nothing is there.
pub(super) fn file_sha256(path: &Path) -> Result<Option<String>, InstallError> {
    let Some(mut file) = regular_file::open(path, Link::Refuse).map_err(|e| file_error(path, e))?
    else {
        return Ok(None);
    };
    let mut hash = hmac_sha256::Hash::new();
    let mut buffer = vec![0; 1 << 16];
    loop {
        let read = file.read(&mut buffer).map_err(|source| InstallError::Io {
            path: path.to_owned(),
            source,
        })?;
        if read == 0 {
            return Ok(Some(hex(&hash.finalize())));
        }
        hash.update(&buffer[..read]);
    }
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes.iter().fold(String::new(), |mut text, byte| {
        let _ = write!(text, "{byte:02x}");
        text
    })
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::{Confines, Record, plainly_below, sha256_hex};
    use crate::export;
    use crate::install::package_binaries;

    /// A record of a file install wrote whole, holding `text`.
    fn written(dir: &Path, text: &str) -> Record {
        let config = dir.join("hook.cjs");
        std::fs::write(&config, text).expect("written");
        Record {
            config,
            created_file: true,
            whole: true,
            ..Record::default()
        }
    }

    #[test]
    fn a_file_naming_either_binary_is_stale_and_one_naming_neither_is_not() {
        let dir = tempfile::tempdir().expect("temp dir");
        let dirs = [dir.path().to_owned()];
        let confines = Confines {
            dirs: &dirs,
            project: None,
        };
        // Windows paths, where the hook build's name is not the host's
        // with more after it (`my.exe`, `my-hook.exe`).
        let package = PathBuf::from(r"C:\Users\a b\.tackle\my\claude");
        let [host, hook] = package_binaries(&package, "my.exe");
        for binary in [&host, &hook] {
            let quoted = export::quote::string(&binary.to_string_lossy());
            let record = written(dir.path(), &format!("spawn({quoted}, args);\n"));
            assert!(
                record
                    .stale(&[], &[host.clone(), hook.clone()], confines)
                    .is_some(),
                "{quoted}"
            );
        }
        let other = written(dir.path(), "spawn(\"C:\\\\elsewhere\\\\my.exe\");\n");
        assert!(other.stale(&[], &[host, hook], confines).is_none());
    }

    /// A record names a file install wrote by its SHA-256: the same text
    /// is stale, a text the user changed is not, whatever it names.
    #[test]
    fn a_recorded_sha256_decides_what_is_stale() {
        let dir = tempfile::tempdir().expect("temp dir");
        let dirs = [dir.path().to_owned()];
        let confines = Confines {
            dirs: &dirs,
            project: None,
        };
        let mut record = written(dir.path(), "#!/bin/sh\nexec /p/bin/x\n");
        record.sha256 = Some(sha256_hex(b"#!/bin/sh\nexec /p/bin/x\n"));
        assert!(record.stale(&[], &[], confines).is_some());
        std::fs::write(&record.config, "#!/bin/sh\nexec /p/bin/x # mine\n").expect("writes");
        let binary = [PathBuf::from("/p/bin/x")];
        assert!(record.stale(&[], &binary, confines).is_none());
    }

    /// An edited or hostile record cannot name a file elsewhere, through
    /// `..` or a link, as stale; nor make a folder that is not above its
    /// file go.
    #[cfg(unix)]
    #[test]
    fn a_record_names_nothing_outside_the_folders_install_writes_in() {
        let tmp = tempfile::tempdir().expect("temp dir");
        let hooks = tmp.path().join("hooks");
        let away = tmp.path().join("away");
        std::fs::create_dir_all(&hooks).expect("mkdir");
        std::fs::create_dir_all(&away).expect("mkdir");
        let text = "exec /p/bin/x\n";
        std::fs::write(away.join("f"), text).expect("writes");
        std::os::unix::fs::symlink(away.join("f"), hooks.join("link")).expect("links");
        std::os::unix::fs::symlink(&away, hooks.join("dir")).expect("links");
        let dirs = [hooks.clone()];
        let confines = Confines {
            dirs: &dirs,
            project: None,
        };
        let binary = [PathBuf::from("/p/bin/x")];
        for config in [
            away.join("f"),
            hooks.join("../away/f"),
            hooks.join("link"),
            hooks.clone(),
        ] {
            let record = Record {
                config: config.clone(),
                created_file: true,
                whole: true,
                sha256: Some(sha256_hex(text.as_bytes())),
                ..Record::default()
            };
            assert!(
                record.stale(&[], &binary, confines).is_none(),
                "{}",
                config.display()
            );
        }
        // Through a linked folder, refused in a project.
        let record = Record {
            config: hooks.join("dir/f"),
            created_file: true,
            whole: true,
            ..Record::default()
        };
        assert!(
            record
                .stale(
                    &[],
                    &binary,
                    Confines {
                        dirs: &dirs,
                        project: Some(tmp.path()),
                    }
                )
                .is_none()
        );
        assert!(away.join("f").is_file());

        // Folders: only those above the file, in the project.
        let empty = tmp.path().join("empty");
        std::fs::create_dir_all(&empty).expect("mkdir");
        std::fs::write(hooks.join("mine"), "x").expect("writes");
        let record = Record {
            config: hooks.join("mine"),
            created_dirs: vec![empty.clone(), tmp.path().to_owned()],
            ..Record::default()
        };
        record.remove(Some(&hooks)).expect("removes the file");
        assert!(empty.is_dir() && hooks.is_dir());
        assert!(plainly_below(&hooks, &hooks.join("a/b")));
        assert!(!plainly_below(&hooks, &hooks.join("a/../../b")));
        assert!(!plainly_below(&hooks, &hooks));
    }
}
