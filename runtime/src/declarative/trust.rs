//! Project trust: a project's own plugin folders hold commands that run on
//! every hook, so they load only in a project the user has trusted
//! (`plugins trust`), as SuperQode asks before it installs project plugins.
//!
//! The list lives with the user, not the project (`$TACKLE_HOME/trusted-projects.json`),
//! so a project cannot trust itself.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::state_file;

/// The file as written: the trusted folders, and any other key kept.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
struct TrustFile {
    #[serde(default)]
    trusted: Vec<String>,
    #[serde(flatten)]
    other: Map<String, Value>,
}

/// The user's tackle folder: `$TACKLE_HOME`, else `~/.tackle`.
pub fn tackle_home() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("TACKLE_HOME").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    std::env::var_os("HOME")
        .filter(|d| !d.is_empty())
        .map(|home| PathBuf::from(home).join(".tackle"))
}

/// Where the trusted projects are listed.
pub fn trust_file() -> Option<PathBuf> {
    tackle_home().map(|home| home.join("trusted-projects.json"))
}

/// Whether `project` is trusted: listed in the trust file, or
/// `TACKLE_TRUST_PROJECT=1` is set (for CI and throwaway sandboxes).
pub fn is_trusted(project: &Path) -> bool {
    if std::env::var_os("TACKLE_TRUST_PROJECT").is_some_and(|v| v == "1") {
        return true;
    }
    let Some(file) = trust_file() else {
        return false;
    };
    let project = canonical(project);
    read(&file)
        .map(|list| list.iter().any(|p| Path::new(p) == project))
        .unwrap_or(false)
}

/// Adds (or, with `trusted = false`, removes) `project` in the trust file,
/// under its lock; returns the file written.
pub fn set_trusted(project: &Path, trusted: bool) -> Result<PathBuf, String> {
    let file = trust_file().ok_or("no home folder: set HOME or TACKLE_HOME")?;
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

/// The listed projects; a missing file lists none.
fn read(file: &Path) -> Result<Vec<String>, String> {
    state_file::read_json::<TrustFile>(file)
        .map(|list| list.trusted)
        .map_err(|e| e.to_string())
}
