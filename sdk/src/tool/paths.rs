//! Confining the paths a model passes to a tool.
//!
//! A model can be talked into reading `~/.ssh/id_rsa` or writing
//! `../../.bashrc`. These checks resolve a path the way the OS will (`..`,
//! symlinks) and refuse it unless it stays inside the folders the call allows.

use std::io;
use std::path::{Component, Path, PathBuf};

use super::ToolError;

/// Resolves `path` for reading: relative paths start at `base`; the result,
/// with symlinks followed, must exist and lie inside `base` or one of `roots`.
pub(crate) fn readable(base: &Path, roots: &[PathBuf], path: &Path) -> Result<PathBuf, ToolError> {
    let joined = base.join(path);
    let resolved = joined
        .canonicalize()
        .map_err(|e| ToolError::new(format!("{}: {}", path.display(), describe(&e))))?;
    let allowed = std::iter::once(base).chain(roots.iter().map(PathBuf::as_path));
    for root in allowed {
        if let Ok(root) = root.canonicalize()
            && resolved.starts_with(&root)
        {
            return Ok(resolved);
        }
    }
    Err(outside(path, base, !roots.is_empty()))
}

/// Resolves `path` for writing: it must lie inside `base` once `..` and
/// symlinks in its existing ancestors are resolved; it need not exist yet.
pub(crate) fn writable(base: &Path, path: &Path) -> Result<PathBuf, ToolError> {
    let joined = base.join(path);
    let root = base.canonicalize().map_err(|e| {
        ToolError::new(format!(
            "the working directory {}: {}",
            base.display(),
            describe(&e)
        ))
    })?;
    // Resolve the longest existing ancestor, then re-attach the rest, which
    // must not climb with `..`. "Existing" counts a symlink itself, even a
    // dangling one: `exists()` follows links, and a link to a missing target
    // outside the tree would otherwise pass as a new name and be written
    // through.
    let mut existing = joined.as_path();
    let mut rest = Vec::new();
    while std::fs::symlink_metadata(existing).is_err() {
        match (existing.parent(), existing.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_owned());
                existing = parent;
            }
            _ => return Err(outside(path, base, false)),
        }
    }
    let mut resolved = existing.canonicalize().map_err(|e| {
        if existing.is_symlink() {
            ToolError::new(format!(
                "{} goes through a symbolic link whose target does not exist ({}); refusing to write through it",
                path.display(),
                existing.display()
            ))
        } else {
            ToolError::new(format!("{}: {}", path.display(), describe(&e)))
        }
    })?;
    for name in rest.iter().rev() {
        if Path::new(name)
            .components()
            .any(|c| matches!(c, Component::ParentDir))
        {
            return Err(outside(path, base, false));
        }
        resolved.push(name);
    }
    if resolved.starts_with(&root) && resolved != root {
        Ok(resolved)
    } else {
        Err(outside(path, base, false))
    }
}

fn outside(path: &Path, base: &Path, roots: bool) -> ToolError {
    ToolError::new(format!(
        "{} is outside the working directory ({}){}; use a path inside it",
        path.display(),
        base.display(),
        if roots { " and the search roots" } else { "" }
    ))
}

fn describe(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "no such file or directory".to_owned(),
        io::ErrorKind::PermissionDenied => "permission denied".to_owned(),
        _ => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn tree() -> (PathBuf, PathBuf) {
        let top = std::env::temp_dir().join(format!(
            "tackle-paths-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = fs::remove_dir_all(&top);
        let work = top.join("work");
        let other = top.join("other");
        fs::create_dir_all(work.join("src")).expect("mkdir");
        fs::create_dir_all(&other).expect("mkdir");
        fs::write(work.join("src/a.rs"), "x").expect("write");
        fs::write(other.join("secret"), "s").expect("write");
        (work, other)
    }

    #[test]
    fn reading_stays_inside_the_working_directory_and_roots() {
        let (work, other) = tree();
        assert!(readable(&work, &[], Path::new("src/a.rs")).is_ok());
        assert!(readable(&work, &[], Path::new("src/../src/a.rs")).is_ok());
        let escape = readable(&work, &[], Path::new("../other/secret")).expect_err("outside");
        assert!(
            escape.message().contains("outside the working directory"),
            "{escape}"
        );
        assert!(readable(&work, &[], &other.join("secret")).is_err());
        assert!(
            readable(
                &work,
                std::slice::from_ref(&other),
                Path::new("../other/secret")
            )
            .is_ok()
        );
        let missing = readable(&work, &[], Path::new("nope.rs")).expect_err("missing");
        assert!(missing.message().contains("no such file"), "{missing}");
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_out_of_the_tree_are_refused() {
        let (work, other) = tree();
        std::os::unix::fs::symlink(&other, work.join("link")).expect("symlink");
        assert!(readable(&work, &[], Path::new("link/secret")).is_err());
        assert!(writable(&work, Path::new("link/new.txt")).is_err());
    }

    #[cfg(unix)]
    #[test]
    fn dangling_symlinks_out_of_the_tree_are_refused() {
        let (work, other) = tree();
        std::os::unix::fs::symlink(other.join("not-yet"), work.join("dangling")).expect("symlink");
        let refused = writable(&work, Path::new("dangling")).expect_err("points outside");
        assert!(
            refused
                .message()
                .contains("symbolic link whose target does not exist"),
            "{refused}"
        );
        assert!(writable(&work, Path::new("dangling/deeper.txt")).is_err());
        std::os::unix::fs::symlink(work.join("src/later.rs"), work.join("inside"))
            .expect("symlink");
        assert!(
            writable(&work, Path::new("inside")).is_err(),
            "a dangling link cannot be resolved, so it is refused"
        );
    }

    #[test]
    fn writing_allows_new_files_inside_only() {
        let (work, _) = tree();
        assert!(writable(&work, Path::new("src/new/deep.txt")).is_ok());
        assert!(writable(&work, Path::new("../escape.txt")).is_err());
        assert!(writable(&work, Path::new("src/../../escape.txt")).is_err());
        assert!(writable(&work, Path::new(".")).is_err());
    }
}
