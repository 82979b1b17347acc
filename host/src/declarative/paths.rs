//! Paths in manifests: relative paths must stay in the plugin's folder.

use std::path::{Component, Path, PathBuf};

/// `path` under `root`, refused when absolute or when it climbs out with `..`.
pub(crate) fn inside(root: &Path, path: &str) -> Result<PathBuf, String> {
    let relative = Path::new(path);
    if path.is_empty() {
        return Err("the path is empty".into());
    }
    if relative.is_absolute() {
        return Err(format!(
            "`{path}` is absolute; paths in a plugin are relative to its folder"
        ));
    }
    let mut depth = 0usize;
    for component in relative.components() {
        match component {
            Component::ParentDir if depth == 0 => {
                return Err(format!("`{path}` leaves the plugin's folder"));
            }
            Component::ParentDir => depth -= 1,
            Component::Normal(_) => depth += 1,
            _ => {}
        }
    }
    let full = root.join(relative);
    if !stays_inside(root, &full) {
        return Err(format!(
            "`{path}` leads outside the plugin's folder through a symbolic link"
        ));
    }
    Ok(full)
}

/// Whether `full`, once every symbolic link is followed, is still under
/// `root`; a path that does not exist (yet) is reported where it is read.
pub(crate) fn stays_inside(root: &Path, full: &Path) -> bool {
    match (root.canonicalize(), full.canonicalize()) {
        (Ok(root), Ok(full)) => full.starts_with(root),
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_stay_inside_the_folder() {
        let root = Path::new("/p");
        assert_eq!(
            inside(root, "a/b.md").as_deref(),
            Ok(Path::new("/p/a/b.md"))
        );
        assert!(inside(root, "a/../b.md").is_ok());
        assert!(
            inside(root, "../x")
                .expect_err("refused")
                .contains("leaves")
        );
        assert!(
            inside(root, "a/../../x")
                .expect_err("refused")
                .contains("leaves")
        );
        assert!(
            inside(root, "/etc/passwd")
                .expect_err("refused")
                .contains("absolute")
        );
        assert!(inside(root, "").is_err());
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_out_of_the_folder_are_refused() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let root = tmp.path().join("plugin");
        std::fs::create_dir_all(root.join("skills")).expect("mkdir");
        std::fs::write(tmp.path().join("secret.md"), "outside").expect("writes");
        std::fs::write(root.join("skills/a.md"), "inside").expect("writes");
        std::os::unix::fs::symlink(tmp.path().join("secret.md"), root.join("skills/leak.md"))
            .expect("links");
        std::os::unix::fs::symlink(tmp.path(), root.join("up")).expect("links");
        std::os::unix::fs::symlink(root.join("skills"), root.join("alias")).expect("links");
        assert!(inside(&root, "skills/a.md").is_ok());
        assert!(inside(&root, "alias/a.md").is_ok(), "a link inside is fine");
        let leak = inside(&root, "skills/leak.md").expect_err("refused");
        assert!(leak.contains("through a symbolic link"), "{leak}");
        assert!(inside(&root, "up/secret.md").is_err());
    }
}
