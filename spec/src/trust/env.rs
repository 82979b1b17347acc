//! The user-level variables ([`USER_LEVEL`]: `TACKLE_TRUST_PROJECT`,
//! `TACKLE_HOME`, `TACKLE_CONFIG`, `TACKLE_AGENT_DIR`, `HOME`) as only the
//! user could have set them. Nothing else in tackle reads them (a test
//! scans the source, [`vars`](super::vars)).
//!
//! An agent can hand a project's own settings to the processes it starts
//! ([`settings`](super::settings)), and tackle cannot tell the user's value
//! from the project's. So a variable is not honoured:
//!
//! - when a project settings file names it, in any folder a project could
//!   occupy: the working directory and every folder above it (the user's
//!   home folder itself excepted: its files are the user's), the agent
//!   folder given on the command line and the one `TACKLE_AGENT_DIR`
//!   names, each with the folders above it. The project chooses neither
//!   where it is looked for nor which of its folders is the agent folder;
//! - when its value is a relative path, which would be read in the
//!   project's own folder;
//! - for `TACKLE_TRUST_PROJECT`, in a process an agent starts (`hook`,
//!   `mcp`, `command`): some agents' ways of passing a project's
//!   environment are not known, so there it could always be the project's.
//!
//! Not honoured, `TACKLE_HOME` falls back to `$HOME/.tackle`, `HOME` to the
//! account's home in the system's user database, `TACKLE_CONFIG` is not
//! read, `TACKLE_AGENT_DIR` leaves the agent folder where the process is.
//! Each one is kept as an [`IgnoredVar`] for `doctor`.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use super::settings::SETTINGS;
use super::vars::USER_LEVEL;

/// Who started the process, as the command tells: whether
/// `TACKLE_TRUST_PROJECT` can be the user's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Started {
    /// A command the user runs (`list`, `doctor`, `plugins`, ...).
    #[default]
    ByUser,
    /// A process an agent starts with the environment it builds (`hook`,
    /// `mcp`, `command`).
    ByAgent,
}

/// Why a user-level variable was not honoured.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ignored {
    /// This project settings file names it.
    NamedBy(PathBuf),
    /// Its value is this relative path.
    Relative(OsString),
    /// `TACKLE_TRUST_PROJECT` in a process an agent started.
    StartedByAgent,
}

/// A user-level variable that was set but not honoured.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IgnoredVar {
    /// The variable.
    pub name: &'static str,
    /// Why.
    pub why: Ignored,
}

/// Where the process runs, as the resolver needs it.
#[derive(Debug, Clone, Default)]
pub struct Context {
    /// The working directory.
    pub cwd: PathBuf,
    /// The agent folder given on the command line (`--agent-dir`).
    pub agent_dir: Option<PathBuf>,
    /// Who started the process.
    pub started: Started,
    /// The account's home in the system's user database.
    pub account_home: Option<PathBuf>,
}

/// tackle's user-level variables, with those the project could have set
/// left out.
///
/// ```
/// use tackle_spec::trust::UserVars;
///
/// let project = tempfile::tempdir().unwrap();
/// std::fs::create_dir(project.path().join(".claude")).unwrap();
/// std::fs::write(
///     project.path().join(".claude/settings.json"),
///     r#"{"env": {"TACKLE_TRUST_PROJECT": "1"}}"#,
/// ).unwrap();
/// // Set in the hook's environment, but named by the project: not honoured.
/// let vars = UserVars::from_vars(project.path(), |name| {
///     (name == "TACKLE_TRUST_PROJECT").then(|| "1".into())
/// });
/// assert!(!vars.trusts_project());
/// assert_eq!(vars.ignored()[0].name, "TACKLE_TRUST_PROJECT");
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UserVars {
    home: Option<PathBuf>,
    tackle_home: Option<PathBuf>,
    config: Option<PathBuf>,
    agent_dir: Option<PathBuf>,
    trust_project: bool,
    ignored: Vec<IgnoredVar>,
}

impl UserVars {
    /// The process's variables for a command the user runs in `agent_dir`.
    pub fn read(agent_dir: &Path) -> UserVars {
        UserVars::read_for(Some(agent_dir), Started::ByUser)
    }

    /// The process's variables, `agent_dir` the folder the command line
    /// gives, if any.
    pub fn read_for(agent_dir: Option<&Path>, started: Started) -> UserVars {
        let context = Context {
            cwd: std::env::current_dir().unwrap_or_default(),
            agent_dir: agent_dir.map(Path::to_path_buf),
            started,
            account_home: super::account::home(),
        };
        UserVars::resolve(&context, |name| std::env::var_os(name))
    }

    /// As [`read`](Self::read), with the variables from `var`, in
    /// `agent_dir` (also the working directory).
    pub fn from_vars(agent_dir: &Path, var: impl Fn(&str) -> Option<OsString>) -> UserVars {
        let context = Context {
            cwd: agent_dir.to_path_buf(),
            agent_dir: Some(agent_dir.to_path_buf()),
            ..Context::default()
        };
        UserVars::resolve(&context, var)
    }

    /// The variables from `var`, in `context`.
    pub fn resolve(context: &Context, var: impl Fn(&str) -> Option<OsString>) -> UserVars {
        let mut set: Vec<(&'static str, OsString)> = USER_LEVEL
            .iter()
            .filter_map(|&name| var(name).filter(|v| !v.is_empty()).map(|v| (name, v)))
            .collect();
        // `HOME` that is the account's own home is the user's whoever set
        // it: nothing to look for (the common case, which then reads no
        // project file at all).
        let own_home = set.iter().position(|(name, value)| {
            *name == "HOME" && context.account_home.as_deref() == Some(Path::new(value))
        });
        let own_home = own_home.map(|at| set.remove(at).1);
        let named = if set.is_empty() {
            Vec::new()
        } else {
            let names: Vec<&'static str> = set.iter().map(|(name, _)| *name).collect();
            let named_dir = set
                .iter()
                .find(|(name, _)| *name == "TACKLE_AGENT_DIR")
                .map(|(_, v)| PathBuf::from(v));
            named_by_project(&project_folders(context, named_dir.as_deref()), &names)
        };
        let mut ignored = Vec::new();
        let mut honoured: Vec<(&'static str, OsString)> =
            own_home.map(|home| ("HOME", home)).into_iter().collect();
        for (name, value) in set {
            let why = if let Some(file) = named.iter().find(|(n, _)| *n == name) {
                Some(Ignored::NamedBy(file.1.clone()))
            } else if name != "TACKLE_TRUST_PROJECT" && Path::new(&value).is_relative() {
                Some(Ignored::Relative(value.clone()))
            } else if name == "TACKLE_TRUST_PROJECT" && context.started == Started::ByAgent {
                Some(Ignored::StartedByAgent)
            } else {
                None
            };
            match why {
                Some(why) => ignored.push(IgnoredVar { name, why }),
                None => honoured.push((name, value)),
            }
        }
        let get = |name: &str| {
            honoured
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| PathBuf::from(v))
        };
        // HOME set but not honoured: the account's own, not none at all.
        let home = get("HOME").or_else(|| {
            ignored
                .iter()
                .any(|i| i.name == "HOME")
                .then(|| context.account_home.clone())
                .flatten()
        });
        UserVars {
            tackle_home: get("TACKLE_HOME").or_else(|| home.as_ref().map(|h| h.join(".tackle"))),
            config: get("TACKLE_CONFIG"),
            agent_dir: get("TACKLE_AGENT_DIR"),
            trust_project: get("TACKLE_TRUST_PROJECT").is_some_and(|v| v.as_os_str() == "1"),
            home,
            ignored,
        }
    }

    /// The user's home folder (`HOME`, else the account's when `HOME` is
    /// not honoured).
    pub fn home(&self) -> Option<&Path> {
        self.home.as_deref()
    }

    /// The user's tackle folder: `$TACKLE_HOME`, else `$HOME/.tackle`.
    pub fn tackle_home(&self) -> Option<&Path> {
        self.tackle_home.as_deref()
    }

    /// The config `TACKLE_CONFIG` names.
    pub fn config(&self) -> Option<&Path> {
        self.config.as_deref()
    }

    /// The agent folder `TACKLE_AGENT_DIR` names (`--agent-dir` comes
    /// first; without either, the working directory).
    pub fn agent_dir(&self) -> Option<&Path> {
        self.agent_dir.as_deref()
    }

    /// Whether `TACKLE_TRUST_PROJECT=1` trusts the project for this run.
    pub fn trusts_project(&self) -> bool {
        self.trust_project
    }

    /// The variables set but not honoured, and why.
    pub fn ignored(&self) -> &[IgnoredVar] {
        &self.ignored
    }
}

/// Every folder a project could occupy: the working directory, the agent
/// folder given and the one `TACKLE_AGENT_DIR` names (relative ones read
/// against the working directory), each with every folder above it, but
/// never the account's home folder itself.
fn project_folders(context: &Context, named_dir: Option<&Path>) -> Vec<PathBuf> {
    let home = context.account_home.as_deref().map(canonical);
    let mut folders: Vec<PathBuf> = Vec::new();
    let starts = [
        Some(context.cwd.as_path()),
        context.agent_dir.as_deref(),
        named_dir,
    ];
    for start in starts.into_iter().flatten() {
        let start = canonical(&context.cwd.join(start));
        for folder in start.ancestors() {
            if home.as_deref() != Some(folder) && !folders.iter().any(|f| f == folder) {
                folders.push(folder.to_path_buf());
            }
        }
    }
    folders
}

/// `path` with its links and `..` resolved, or as given when it does not
/// exist.
fn canonical(path: &Path) -> PathBuf {
    path.canonicalize().unwrap_or_else(|_| path.to_path_buf())
}

/// Which of `names`, variables other than tackle's own (an agent's plugin
/// options), a project settings file names, with the first file that
/// does: looked for as for tackle's own variables (see [`UserVars`]), for
/// a process an agent started in the working directory, `agent_dir` the
/// folder the command line gives.
pub fn named_by_a_project<'n>(
    agent_dir: Option<&Path>,
    names: &[&'n str],
) -> Vec<(&'n str, PathBuf)> {
    if names.is_empty() {
        return Vec::new();
    }
    let context = Context {
        cwd: std::env::current_dir().unwrap_or_default(),
        agent_dir: agent_dir.map(Path::to_path_buf),
        started: Started::ByAgent,
        account_home: super::account::home(),
    };
    named_by_project(&project_folders(&context, None), names)
}

/// Which of `names` a settings file in `folders` names, with the first
/// file that does.
fn named_by_project<'n>(folders: &[PathBuf], names: &[&'n str]) -> Vec<(&'n str, PathBuf)> {
    let mut out: Vec<(&'n str, PathBuf)> = Vec::new();
    for folder in folders {
        for setting in SETTINGS {
            let file = folder.join(setting.path);
            let left: Vec<&'n str> = names
                .iter()
                .copied()
                .filter(|n| !out.iter().any(|(o, _)| o == n))
                .collect();
            if left.is_empty() {
                return out;
            }
            for name in super::settings::named_in(&file, setting.format, &left) {
                out.push((name, file.clone()));
            }
        }
    }
    out
}

#[cfg(test)]
#[path = "env_tests.rs"]
mod tests;
