//! The enable/disable state of a project's plugins: `.tackle/plugins.json`
//! in the agent folder, `{"disabled": ["id", ...]}` (SuperQode's shape).
//! `plugins disable` and `plugins enable` edit it; the host leaves a
//! disabled plugin off whatever the `enabled` list says.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

/// The state file of the project in `agent_dir`.
pub fn state_file(agent_dir: &Path) -> PathBuf {
    agent_dir.join(".tackle").join("plugins.json")
}

/// The disabled ids; no file means none. A file that cannot be read is an
/// error naming it (the host then disables nothing and says so; `plugins
/// enable|disable` refuse to write over it).
pub fn disabled(agent_dir: &Path) -> Result<Vec<String>, String> {
    let file = state_file(agent_dir);
    let text = match std::fs::read_to_string(&file) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("cannot read `{}`: {e}", file.display())),
    };
    let shape = || {
        format!(
            "`{}` must be `{{\"disabled\": [\"plugin-id\", ...]}}`",
            file.display()
        )
    };
    let value: Value = serde_json::from_str(&text)
        .map_err(|e| format!("`{}` is not valid JSON: {e}", file.display()))?;
    let Some(object) = value.as_object() else {
        return Err(shape());
    };
    match object.get("disabled") {
        None => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| v.as_str().map(str::to_owned).ok_or_else(shape))
            .collect(),
        Some(_) => Err(shape()),
    }
}

/// Marks `id` disabled (or enabled again) in the project's state file;
/// returns whether anything changed.
pub fn set_disabled(agent_dir: &Path, id: &str, disabled: bool) -> Result<bool, String> {
    let mut list = self::disabled(agent_dir)?;
    let had = list.iter().any(|d| d == id);
    if had == disabled {
        return Ok(false);
    }
    list.retain(|d| d != id);
    if disabled {
        list.push(id.to_owned());
    }
    list.sort();
    write_json(&state_file(agent_dir), &json!({ "disabled": list }))?;
    Ok(true)
}

/// Writes `value` to `file` whole or not at all (a temporary file renamed
/// over it), creating its folder.
pub(crate) fn write_json(file: &Path, value: &Value) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("cannot write `{}`: {e}", file.display());
    if let Some(dir) = file.parent() {
        std::fs::create_dir_all(dir).map_err(fail)?;
    }
    let mut text = serde_json::to_string_pretty(value).unwrap_or_default();
    text.push('\n');
    let temp = file.with_extension("json.tmp");
    std::fs::write(&temp, text).map_err(fail)?;
    std::fs::rename(&temp, file).map_err(fail)
}
