//! Where a fix's changed paths really lead, and whether that is inside the
//! agent folder.

use std::ffi::OsString;
use std::path::{Component, Path, PathBuf};

/// `Ok` when every path stays inside `agent_dir`; otherwise why not, naming
/// the first path that leaves it.
pub(crate) fn confine(agent_dir: &Path, paths: &[PathBuf]) -> Result<(), String> {
    let agent = std::fs::canonicalize(agent_dir).map_err(|e| {
        format!(
            "the agent folder `{}` cannot be resolved ({e}), so no path can be shown to be inside it",
            agent_dir.display()
        )
    })?;
    for path in paths {
        let resolved =
            resolve(&agent.join(path)).map_err(|why| format!("`{}` {why}", path.display()))?;
        if !resolved.starts_with(&agent) {
            return Err(format!(
                "`{}` leads to `{}`, outside the agent folder `{}`",
                path.display(),
                resolved.display(),
                agent.display()
            ));
        }
    }
    Ok(())
}

/// The real path `path` names: its nearest existing ancestor resolved by
/// the file system (symlinks and `..` followed), then the missing rest
/// applied by hand (a missing component cannot be a symlink).
fn resolve(path: &Path) -> Result<PathBuf, String> {
    let components: Vec<Component<'_>> = path.components().collect();
    for existing in (1..=components.len()).rev() {
        let prefix: PathBuf = components[..existing].iter().collect();
        let Ok(meta) = std::fs::symlink_metadata(&prefix) else {
            continue;
        };
        let mut resolved = match std::fs::canonicalize(&prefix) {
            Ok(base) => base,
            Err(_) if meta.file_type().is_symlink() => {
                return Err(format!(
                    "goes through `{}`, a symlink to nothing: where a fix would write through it cannot be known",
                    prefix.display()
                ));
            }
            Err(e) => return Err(format!("cannot be resolved: {e}")),
        };
        for component in &components[existing..] {
            match component {
                Component::Normal(name) => resolved.push(OsString::from(name)),
                Component::ParentDir => {
                    resolved.pop();
                }
                Component::CurDir | Component::RootDir | Component::Prefix(_) => {}
            }
        }
        return Ok(resolved);
    }
    Err("cannot be resolved: no part of it exists".to_owned())
}

#[cfg(test)]
mod tests {
    use super::confine;
    use std::path::PathBuf;

    fn paths(list: &[&str]) -> Vec<PathBuf> {
        list.iter().map(PathBuf::from).collect()
    }

    #[test]
    fn inside_paths_pass_even_when_missing() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir(dir.path().join("logs")).expect("mkdir");
        let ok = paths(&["logs", "logs/new/deeper/file.txt", "missing/../logs", "./a"]);
        assert_eq!(confine(dir.path(), &ok), Ok(()));
        let absolute = vec![dir.path().join("logs/x")];
        assert_eq!(confine(dir.path(), &absolute), Ok(()));
    }

    #[test]
    fn dot_dot_and_absolute_paths_outside_are_refused() {
        let dir = tempfile::tempdir().expect("tempdir");
        let agent = dir.path().join("agent");
        std::fs::create_dir(&agent).expect("mkdir");
        for bad in [
            "../x",
            "missing/../../x",
            "logs/../../agent2",
            "/etc/passwd",
        ] {
            let err = confine(&agent, &paths(&[bad])).expect_err(bad);
            assert!(err.starts_with(&format!("`{bad}` leads to")), "{err}");
            assert!(err.contains("outside the agent folder"), "{err}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_are_followed() {
        let dir = tempfile::tempdir().expect("tempdir");
        let agent = dir.path().join("agent");
        let outside = dir.path().join("outside");
        std::fs::create_dir(&agent).expect("mkdir");
        std::fs::create_dir(&outside).expect("mkdir");
        std::os::unix::fs::symlink(&outside, agent.join("escape")).expect("symlink");
        std::os::unix::fs::symlink(agent.join("logs"), agent.join("inner")).expect("symlink");
        std::fs::create_dir(agent.join("logs")).expect("mkdir");
        std::os::unix::fs::symlink(dir.path().join("nowhere"), agent.join("dangling"))
            .expect("symlink");

        let err = confine(&agent, &paths(&["escape/new.txt"])).expect_err("escapes");
        assert!(err.contains("outside the agent folder"), "{err}");
        assert_eq!(confine(&agent, &paths(&["inner/new.txt"])), Ok(()));
        let err = confine(&agent, &paths(&["dangling"])).expect_err("dangling");
        assert!(err.contains("a symlink to nothing"), "{err}");
        // `..` after a symlink is taken from where the symlink leads.
        let err = confine(&agent, &paths(&["inner/../../outside/x"])).expect_err("escapes");
        assert!(err.contains("outside the agent folder"), "{err}");
    }
}
