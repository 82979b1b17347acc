//! `install --managed`: the package's hooks in the agent's managed policy
//! files, which every user of the machine gets and none can switch off.
//! Each agent's own module says where its files are and what goes into
//! them (`Protocol::managed`); an agent without such a file is refused,
//! saying why.
//!
//! Every user's agent runs the package's binary, so the package goes to a
//! folder of the system's (`/usr/local/lib/tackle/<bin>/<agent>`), whose
//! files only root can change. `--managed-root DIR` puts the policy files
//! and the package under DIR in place of `/` (for a test, or an image
//! being built); it is a flag, never an environment variable, which a
//! project's settings could set for the agent's hooks. Without it the
//! files are the system's, and install checks it may write each of them
//! before it writes anything: else it says that it needs root.

use std::path::{Component, Path, PathBuf};

use super::InstallError;
use super::targets::{Bins, Target};
use crate::Agent;
use crate::export::HookRoute;

/// `--managed`: where, and whether the agent runs other hooks at all.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Managed {
    /// `--managed-root DIR`: the folder the policy files' and the
    /// package's system paths are taken under; `None`: `/` itself.
    pub root: Option<PathBuf>,
    /// `--managed-hooks-only`: the agent runs no hook but the managed ones
    /// (no user's, project's or user-installed plugin's).
    pub hooks_only: bool,
}

/// What an agent's policy files are made from.
pub(crate) struct Place<'a> {
    /// `--managed-root`.
    pub(crate) root: Option<&'a Path>,
    /// The package as exported (to a scratch folder for the plan).
    pub(crate) exported: &'a Path,
    /// Where the package is installed, which the hook entries name.
    pub(crate) installed: &'a Path,
    /// The binaries' names in the package.
    pub(crate) bins: Bins<'a>,
    /// The package's name (kebab-case).
    pub(crate) name: &'a str,
    /// `--managed-hooks-only`.
    pub(crate) hooks_only: bool,
    /// How the hooks reach the plugins (`--hooks-via`).
    pub(crate) route: &'a HookRoute,
}

impl Place<'_> {
    /// Markers of every binary the entries may name, by its installed
    /// path as one shell word.
    pub(crate) fn shell_markers(&self) -> Vec<String> {
        let installed = |b: &str| self.installed.join("bin").join(b);
        self.bins
            .markers(|b| crate::export::quote::shell(&installed(b).to_string_lossy()))
    }

    /// The system path `system` (`/etc/claude-code`), under the root.
    pub(crate) fn path(&self, system: &str) -> PathBuf {
        under(self.root, Path::new(system))
    }
}

/// An agent's managed policy: how install makes its files.
#[derive(Clone, Copy)]
pub(crate) struct Policy {
    /// The files, with what goes into each.
    pub(crate) targets: fn(&Place<'_>) -> Result<Vec<Target>, InstallError>,
    /// What the administrator should know, in a sentence.
    pub(crate) note: &'static str,
}

/// `agent`'s managed policy, or why it has none.
pub(crate) fn policy(agent: Agent) -> Result<Policy, InstallError> {
    agent
        .protocol()
        .managed()
        .map_err(|why| InstallError::NotManaged(agent, why))
}

/// The agents whose managed policy install writes, by name.
pub fn supported() -> Vec<&'static str> {
    Agent::ALL
        .into_iter()
        .filter(|a| a.protocol().managed().is_ok())
        .map(Agent::name)
        .collect()
}

/// `path`, a system path, under `root` (its prefix and root dropped:
/// `C:\Program Files\X` is `DIR/Program Files/X`); itself without one.
pub(crate) fn under(root: Option<&Path>, path: &Path) -> PathBuf {
    let Some(root) = root else {
        return path.to_owned();
    };
    let mut at = root.to_owned();
    at.extend(path.components().filter_map(|c| match c {
        Component::Normal(part) => Some(part),
        _ => None,
    }));
    at
}

/// The folder managed packages go to: one that only root can write, and
/// every user can read.
pub(crate) fn packages(root: Option<&Path>) -> PathBuf {
    let system = if cfg!(target_os = "macos") {
        "/Library/Application Support/tackle"
    } else if cfg!(windows) {
        r"C:\Program Files\tackle"
    } else {
        "/usr/local/lib/tackle"
    };
    under(root, Path::new(system))
}

/// Refuses, before anything is written, a system install whose files this
/// process cannot write: `paths` are the package folder and the policy
/// files. Each is tried where it would be written (the nearest folder
/// that exists), by making an unnamed scratch file there.
pub(crate) fn writable<'a>(
    managed: &Managed,
    paths: impl IntoIterator<Item = &'a Path>,
) -> Result<(), InstallError> {
    if managed.root.is_some() {
        return Ok(());
    }
    for path in paths {
        let Some(dir) = path.ancestors().skip(1).find(|dir| dir.is_dir()) else {
            continue;
        };
        if let Err(e) = tempfile::tempfile_in(dir)
            && e.kind() == std::io::ErrorKind::PermissionDenied
        {
            return Err(InstallError::NeedsRoot {
                path: path.to_owned(),
            });
        }
    }
    Ok(())
}

/// Makes `path` (a folder, a policy file or a package file install wrote)
/// readable by every user, whose agent reads it, and writable by its owner
/// alone: a root whose umask is 077 would leave it unreadable to them (the
/// hooks would fail, and a fail-closed one block every call), one of 002
/// writable to a group, who could change what every user runs.
#[cfg(unix)]
pub(crate) fn publish(path: &Path) -> Result<(), InstallError> {
    use std::os::unix::fs::PermissionsExt;
    let io = |source| InstallError::Io {
        path: path.to_owned(),
        source,
    };
    let meta = std::fs::symlink_metadata(path).map_err(io)?;
    let mode = meta.permissions().mode() & 0o7777;
    let readable = if meta.is_dir() || mode & 0o100 != 0 {
        0o555
    } else {
        0o444
    };
    let wanted = (mode | readable) & !0o022;
    if meta.file_type().is_symlink() || wanted == mode {
        return Ok(());
    }
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(wanted)).map_err(io)
}

/// [`publish`]es `dir` and every folder and file below it (links are
/// neither followed nor changed).
pub(crate) fn publish_tree(dir: &Path) -> Result<(), InstallError> {
    let mut folders = vec![dir.to_owned()];
    while let Some(folder) = folders.pop() {
        publish(&folder)?;
        let entries = std::fs::read_dir(&folder).map_err(|source| InstallError::Io {
            path: folder.clone(),
            source,
        })?;
        for entry in entries.flatten() {
            match entry.file_type() {
                Ok(kind) if kind.is_dir() => folders.push(entry.path()),
                Ok(kind) if kind.is_file() => publish(&entry.path())?,
                _ => {}
            }
        }
    }
    Ok(())
}

/// Windows' folders of the system take their access from above.
#[cfg(not(unix))]
pub(crate) fn publish(_path: &Path) -> Result<(), InstallError> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn system_paths_go_under_the_root() {
        let root = Path::new("/tmp/r");
        assert_eq!(
            under(Some(root), Path::new("/etc/claude-code")),
            Path::new("/tmp/r/etc/claude-code")
        );
        assert_eq!(
            under(None, Path::new("/etc/codex")),
            Path::new("/etc/codex")
        );
        // `..` in a system path cannot climb out of the root.
        assert_eq!(
            under(Some(root), Path::new("/etc/../x")),
            Path::new("/tmp/r/etc/x")
        );
        #[cfg(target_os = "linux")]
        assert_eq!(
            packages(Some(root)),
            Path::new("/tmp/r/usr/local/lib/tackle")
        );
    }

    #[test]
    fn the_managed_agents_are_those_with_a_file_users_cannot_override() {
        let mut names = supported();
        names.sort_unstable();
        let expected: &[&str] = if cfg!(target_os = "linux") {
            &["claude", "codex", "copilot", "droid"]
        } else {
            &["claude", "codex", "droid"]
        };
        assert_eq!(names, expected);
    }

    #[cfg(unix)]
    #[test]
    fn published_files_are_readable_by_all_and_writable_by_the_owner_alone() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("tempdir");
        let mode = |p: &Path| std::fs::metadata(p).expect("there").permissions().mode() & 0o777;
        let set = |p: &Path, m: u32| {
            std::fs::set_permissions(p, std::fs::Permissions::from_mode(m)).expect("chmod")
        };
        let file = dir.path().join("settings.json");
        let binary = dir.path().join("bin");
        std::fs::write(&file, "{}").expect("writes");
        std::fs::write(&binary, "").expect("writes");
        for (path, from, to) in [
            (&file, 0o600, 0o644),
            (&file, 0o664, 0o644),
            (&binary, 0o700, 0o755),
            (&binary, 0o775, 0o755),
        ] {
            set(path, from);
            publish(path).expect("published");
            assert_eq!(mode(path), to, "{from:o}");
        }
        let folder = dir.path().join("d");
        std::fs::create_dir(&folder).expect("mkdir");
        set(&folder, 0o700);
        publish(&folder).expect("published");
        assert_eq!(mode(&folder), 0o755);
    }
}
