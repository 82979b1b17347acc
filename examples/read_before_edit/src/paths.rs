//! Which files a tool call names, as absolute paths comparable across calls.

use std::path::{Component, Path, PathBuf};

use tackle::serde_json::Value;

/// The argument keys that name one file, across agents: Claude Code
/// (`file_path`), Gemini CLI (`file_path`, `absolute_path`), tackle's
/// textkit (`path`).
const PATH_KEYS: [&str; 3] = ["file_path", "path", "absolute_path"];

/// The files a call's arguments name (also each of a `paths` list, as
/// Gemini CLI's `read_many_files` sends), resolved against `cwd`.
pub fn targets(arguments: &Value, cwd: &Path) -> Vec<PathBuf> {
    let single = PATH_KEYS.iter().filter_map(|key| arguments.get(key));
    let listed = arguments
        .get("paths")
        .and_then(Value::as_array)
        .into_iter()
        .flatten();
    single
        .chain(listed)
        .filter_map(Value::as_str)
        .filter(|raw| !raw.is_empty())
        .map(|raw| resolve(raw, cwd))
        .collect()
}

/// `raw` made absolute against `cwd`, `.` and `..` resolved; for a file
/// that exists, symlinks resolved too, so two spellings of one file match.
pub fn resolve(raw: &str, cwd: &Path) -> PathBuf {
    let joined = cwd.join(raw);
    let mut normal = PathBuf::new();
    for part in joined.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                normal.pop();
            }
            other => normal.push(other),
        }
    }
    std::fs::canonicalize(&normal).unwrap_or(normal)
}

/// `path` as the model would write it: relative to `cwd` when inside it.
pub fn shown(path: &Path, cwd: &Path) -> String {
    let cwd = std::fs::canonicalize(cwd).unwrap_or_else(|_| cwd.to_owned());
    path.strip_prefix(&cwd)
        .unwrap_or(path)
        .display()
        .to_string()
}

#[cfg(test)]
mod tests {
    use tackle::serde_json::json;

    use super::*;

    #[test]
    fn relative_paths_are_resolved_against_the_cwd() {
        let cwd = Path::new("/nowhere/project");
        assert_eq!(
            resolve("src/./lib.rs", cwd),
            Path::new("/nowhere/project/src/lib.rs")
        );
        assert_eq!(
            resolve("../other/a.rs", cwd),
            Path::new("/nowhere/other/a.rs")
        );
        assert_eq!(resolve("/abs/b.rs", cwd), Path::new("/abs/b.rs"));
    }

    #[test]
    fn every_path_key_is_read() {
        let cwd = Path::new("/p");
        assert_eq!(
            targets(&json!({"file_path": "a"}), cwd),
            [Path::new("/p/a")]
        );
        assert_eq!(targets(&json!({"path": "b"}), cwd), [Path::new("/p/b")]);
        assert_eq!(
            targets(&json!({"absolute_path": "/x/c"}), cwd),
            [Path::new("/x/c")]
        );
        assert_eq!(
            targets(&json!({"paths": ["d", 7, "e"]}), cwd),
            [Path::new("/p/d"), Path::new("/p/e")]
        );
        assert!(targets(&json!({"command": "ls", "path": ""}), cwd).is_empty());
        assert!(targets(&json!("not an object"), cwd).is_empty());
    }

    #[test]
    fn two_spellings_of_an_existing_file_match() {
        let here = Path::new(env!("CARGO_MANIFEST_DIR"));
        assert_eq!(
            resolve("src/../src/lib.rs", here),
            resolve(
                &here.join("src/lib.rs").display().to_string(),
                Path::new("/")
            )
        );
    }

    #[test]
    fn paths_are_shown_relative_to_the_cwd() {
        let cwd = Path::new("/nowhere/project");
        assert_eq!(
            shown(Path::new("/nowhere/project/src/a.rs"), cwd),
            "src/a.rs"
        );
        assert_eq!(shown(Path::new("/elsewhere/b.rs"), cwd), "/elsewhere/b.rs");
    }
}
