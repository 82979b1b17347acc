//! Files named in `plugin!` (context files, skills, subagent prompts):
//! paths stay inside the plugin crate, and are read now so that mistakes are
//! compile errors.

use std::path::{Component, Path, PathBuf};

use crate::errors::Errors;

/// The crate's folder, where paths in `plugin!` start.
pub(crate) fn crate_dir() -> PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(|| PathBuf::from("."), PathBuf::from)
}

/// A path inside the crate: relative, no `..`; `None` (reported) otherwise.
pub(crate) fn relative(lit: &syn::LitStr, errors: &mut Errors) -> Option<PathBuf> {
    let written = lit.value();
    let path = Path::new(&written);
    if written.trim().is_empty() {
        errors.spanned(
            lit,
            "the path is empty: name a file of the plugin crate, such as `\"context/rules.md\"`",
        );
        return None;
    }
    if path.is_absolute()
        || path
            .components()
            .any(|c| !matches!(c, Component::Normal(_) | Component::CurDir))
    {
        errors.spanned(
            lit,
            format!("`{written}` must stay inside the plugin crate: write a path relative to the crate's folder (where its `Cargo.toml` is), without `..`"),
        );
        return None;
    }
    Some(path.to_path_buf())
}

/// The file a checked relative path names, if it exists (reported otherwise).
pub(crate) fn existing(lit: &syn::LitStr, path: &Path, errors: &mut Errors) -> Option<PathBuf> {
    let dir = crate_dir();
    let full = dir.join(path);
    if full.is_file() {
        if inside(&dir, &full) {
            return Some(full);
        }
        // Checked after `..` and absolute paths: a symbolic link in the
        // crate could still point anywhere, and the file is compiled in.
        errors.spanned(
            lit,
            format!(
                "`{}` leads outside the plugin crate through a symbolic link; copy the file into the crate instead",
                lit.value()
            ),
        );
        return None;
    }
    // The absolute path is not shown: paths are relative to the crate, and
    // the crate's folder is what the author knows.
    errors.spanned(
        lit,
        format!(
            "there is no file `{}` in the plugin crate; paths are relative to the crate's folder (where its `Cargo.toml` is)",
            lit.value()
        ),
    );
    None
}

/// Whether `full`, with every symbolic link followed, is still under `dir`.
fn inside(dir: &Path, full: &Path) -> bool {
    match (dir.canonicalize(), full.canonicalize()) {
        (Ok(dir), Ok(full)) => full.starts_with(dir),
        _ => false,
    }
}

/// The text of a file, or `None` (reported) when it cannot be read as UTF-8.
pub(crate) fn read(lit: &syn::LitStr, full: &Path, errors: &mut Errors) -> Option<String> {
    match std::fs::read_to_string(full) {
        Ok(text) => Some(text),
        Err(e) => {
            errors.spanned(lit, format!("cannot read `{}` as text: {e}", lit.value()));
            None
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::inside;

    #[test]
    fn symlinks_leaving_the_crate_are_outside() {
        let tmp = std::env::temp_dir().join(format!("tackle-macros-inside-{}", std::process::id()));
        let krate = tmp.join("crate");
        std::fs::create_dir_all(krate.join("context")).expect("mkdir");
        std::fs::write(tmp.join("secret.md"), "outside").expect("writes");
        std::fs::write(krate.join("context/rules.md"), "inside").expect("writes");
        std::os::unix::fs::symlink(tmp.join("secret.md"), krate.join("context/leak.md"))
            .expect("links");
        std::os::unix::fs::symlink(krate.join("context"), krate.join("alias")).expect("links");
        std::os::unix::fs::symlink(&tmp, krate.join("up")).expect("links");
        assert!(inside(&krate, &krate.join("context/rules.md")));
        assert!(
            inside(&krate, &krate.join("alias/rules.md")),
            "a link within the crate is fine"
        );
        assert!(!inside(&krate, &krate.join("context/leak.md")));
        assert!(!inside(&krate, &krate.join("up/secret.md")));
        std::fs::remove_dir_all(&tmp).expect("cleans up");
    }
}
