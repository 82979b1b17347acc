//! The enable/disable state of a project's plugins: `.tackle/plugins.json`
//! in the agent folder, `{"disabled": ["id", ...]}` (SuperQode's shape).
//! `plugins disable` and `plugins enable` edit it; in a trusted project the
//! host leaves a disabled plugin off whatever the `enabled` list says. In a
//! project that is not trusted the file is not obeyed (see [`crate::trust`]):
//! a cloned project could ship it to switch the user's guard off.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::state_file;

/// The file as written: the disabled ids, and any other key kept as it was.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
struct StateFile {
    #[serde(default)]
    disabled: Vec<String>,
    #[serde(flatten)]
    other: Map<String, Value>,
}

/// The state file of the project in `agent_dir`.
pub fn state_file(agent_dir: &Path) -> PathBuf {
    agent_dir.join(".tackle").join("plugins.json")
}

/// The disabled ids; no file means none. A file that cannot be read is an
/// error naming it (the host then disables nothing and says so; `plugins
/// enable|disable` refuse to write over it).
pub fn disabled(agent_dir: &Path) -> Result<Vec<String>, String> {
    read(&state_file(agent_dir)).map(|state| state.disabled)
}

/// Marks `id` disabled (or enabled again) in the project's state file;
/// returns whether anything changed. Parallel runs lose no update: the
/// read, the change and the write happen under the file's lock.
pub fn set_disabled(agent_dir: &Path, id: &str, disabled: bool) -> Result<bool, String> {
    let file = state_file(agent_dir);
    state_file::update_json(&file, |state: &mut StateFile| {
        let had = state.disabled.iter().any(|d| d == id);
        if had == disabled {
            return false;
        }
        state.disabled.retain(|d| d != id);
        if disabled {
            state.disabled.push(id.to_owned());
        }
        state.disabled.sort();
        true
    })
    .map_err(with_shape)
}

fn read(file: &Path) -> Result<StateFile, String> {
    state_file::read_json(file).map_err(with_shape)
}

/// The error, with the shape the file should have when that is the problem.
fn with_shape(e: state_file::StateFileError) -> String {
    match e {
        state_file::StateFileError::Invalid { .. } => {
            format!("{e}; it must be `{{\"disabled\": [\"plugin-id\", ...]}}`")
        }
        _ => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn other_keys_are_kept_and_bad_files_are_not_written_over() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let file = state_file(tmp.path());
        std::fs::create_dir_all(file.parent().expect("folder")).expect("folder");
        std::fs::write(&file, r#"{"disabled": ["b"], "note": {"by": "superqode"}}"#).expect("w");
        assert_eq!(set_disabled(tmp.path(), "a", true), Ok(true));
        let saved: Value =
            serde_json::from_str(&std::fs::read_to_string(&file).expect("reads")).expect("json");
        assert_eq!(
            saved,
            serde_json::json!({"disabled": ["a", "b"], "note": {"by": "superqode"}})
        );
        assert_eq!(
            disabled(tmp.path()),
            Ok(vec!["a".to_owned(), "b".to_owned()])
        );

        std::fs::write(&file, r#"{"disabled": [1]}"#).expect("w");
        let e = set_disabled(tmp.path(), "a", true).expect_err("bad file");
        assert!(
            e.ends_with("it must be `{\"disabled\": [\"plugin-id\", ...]}`"),
            "{e}"
        );
        assert_eq!(
            std::fs::read_to_string(&file).expect("reads"),
            r#"{"disabled": [1]}"#
        );
    }
}
