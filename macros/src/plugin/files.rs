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
    let full = crate_dir().join(path);
    if full.is_file() {
        return Some(full);
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
