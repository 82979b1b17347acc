//! The projects the user trusts: `$TACKLE_HOME/trusted-projects.json`,
//! `{"trusted": ["/canonical/path", ...]}`, edited by `plugins trust` and
//! `plugins trust --revoke`. The list lives with the user, not the
//! project, so a project cannot trust itself.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::env::UserVars;
use super::state_file;

/// The file as written: the trusted folders, and any other key kept.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
struct TrustFile {
    #[serde(default)]
    trusted: Vec<String>,
    #[serde(flatten)]
    other: Map<String, Value>,
}

/// How a project came to be trusted, or that it is not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProjectTrust {
    /// Listed in the user's trust file.
    Listed(PathBuf),
    /// `TACKLE_TRUST_PROJECT=1`, for this run.
    Env,
    /// An embedding host said so (`tackle_host`'s `PluginFolders::project_trusted`).
    Given,
    /// Not trusted.
    No,
}

impl ProjectTrust {
    /// Whether the project is trusted.
    pub fn is_trusted(&self) -> bool {
        !matches!(self, ProjectTrust::No)
    }
}

/// Where the trusted projects are listed.
pub fn trust_file(vars: &UserVars) -> Option<PathBuf> {
    vars.tackle_home()
        .map(|home| home.join("trusted-projects.json"))
}

/// Whether `project` is trusted, and how. A trust file that cannot be read
/// trusts nothing.
pub fn project_trust(project: &Path, vars: &UserVars) -> ProjectTrust {
    if vars.trusts_project() {
        return ProjectTrust::Env;
    }
    let Some(file) = trust_file(vars) else {
        return ProjectTrust::No;
    };
    let project = canonical(project);
    match state_file::read_json::<TrustFile>(&file) {
        Ok(list) if list.trusted.iter().any(|p| Path::new(p) == project) => {
            ProjectTrust::Listed(file)
        }
        _ => ProjectTrust::No,
    }
}

/// Whether `project` is trusted: listed in the user's trust file, or
/// `TACKLE_TRUST_PROJECT=1` is set (for CI and throwaway sandboxes) and
/// honoured ([`UserVars`]: no project setting names it).
pub fn is_trusted(project: &Path) -> bool {
    project_trust(project, &UserVars::read(project)).is_trusted()
}

/// Adds (or, with `trusted = false`, removes) `project` in the user's trust
/// file, under its lock; returns the file written.
pub fn set_trusted(project: &Path, trusted: bool) -> Result<PathBuf, String> {
    let vars = UserVars::read(project);
    let file = trust_file(&vars).ok_or_else(|| {
        if vars.ignored().iter().any(|i| i.name == "HOME") {
            "no home folder: tackle does not honour HOME here (see `doctor`) and the system's user database has no home for this account; set TACKLE_HOME to an absolute path"
                .to_owned()
        } else {
            "no home folder: set HOME or TACKLE_HOME".to_owned()
        }
    })?;
    let project = canonical(project).display().to_string();
    state_file::update_json(&file, |list: &mut TrustFile| {
        list.trusted.retain(|p| *p != project);
        if trusted {
            list.trusted.push(project);
        }
        list.trusted.sort();
    })
    .map_err(|e| match e {
        state_file::StateFileError::Invalid { .. } => {
            format!("{e}; it must be `{{\"trusted\": [\"/path/to/project\", ...]}}`")
        }
        e => e.to_string(),
    })?;
    Ok(file)
}

fn canonical(project: &Path) -> PathBuf {
    project
        .canonicalize()
        .unwrap_or_else(|_| project.to_path_buf())
}
