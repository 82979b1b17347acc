//! Project trust: a project's own plugin folders hold commands that run on
//! every hook, so they load only in a project the user has trusted
//! (`plugins trust`), as SuperQode asks before it installs project plugins.
//!
//! The list lives with the user, not the project (`$TACKLE_HOME/trusted-projects.json`),
//! so a project cannot trust itself.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

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

/// Adds (or, with `trusted = false`, removes) `project` in the trust file.
/// Returns the file written.
pub fn set_trusted(project: &Path, trusted: bool) -> Result<PathBuf, String> {
    let file = trust_file().ok_or("no home folder: set HOME or TACKLE_HOME")?;
    let project = canonical(project).display().to_string();
    let mut list = read(&file)?;
    list.retain(|p| *p != project);
    if trusted {
        list.push(project);
    }
    list.sort();
    super::state::write_json(&file, &json!({ "trusted": list }))?;
    Ok(file)
}

fn canonical(project: &Path) -> PathBuf {
    project
        .canonicalize()
        .unwrap_or_else(|_| project.to_path_buf())
}

/// The listed projects; a missing file lists none.
fn read(file: &Path) -> Result<Vec<String>, String> {
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("cannot read `{}`: {e}", file.display())),
    };
    let value: Value = serde_json::from_str(&text)
        .map_err(|e| format!("`{}` is not valid JSON: {e}", file.display()))?;
    value
        .get("trusted")
        .and_then(Value::as_array)
        .map(|items| {
            items
                .iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .ok_or_else(|| {
            format!(
                "`{}` must be `{{\"trusted\": [\"/path/to/project\", ...]}}`",
                file.display()
            )
        })
}
