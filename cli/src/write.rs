//! Writing rendered templates into a folder, and formatting the Rust files
//! written: what `tackle new` and `tackle add` share.

use std::path::{Path, PathBuf};

use crate::template::{Template, Values};

/// A file that could not be written, or a template that cannot be rendered.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// A file or folder could not be read or written.
    #[error("cannot write `{}`: {error}", path.display())]
    Io {
        /// Which one.
        path: PathBuf,
        /// What failed.
        #[source]
        error: std::io::Error,
    },
    /// A template names a placeholder with no value (a bug in `tackle`).
    #[error("the template of `{path}` is broken: {problem}")]
    Template {
        /// The template's path.
        path: &'static str,
        /// The problem.
        problem: String,
    },
}

/// Renders every template with `values` and writes it under `dir`: the
/// files written, relative to `dir`, `/`-separated, in order. Templates
/// are all rendered before the first file is written.
pub fn templates(
    dir: &Path,
    templates: &[Template],
    values: &Values,
) -> Result<Vec<String>, WriteError> {
    let mut rendered = Vec::with_capacity(templates.len());
    for template in templates {
        let broken = |problem| WriteError::Template {
            path: template.path,
            problem,
        };
        let relative = values.render(template.path).map_err(broken)?;
        let text = values.render(template.text).map_err(broken)?;
        rendered.push((relative, text));
    }
    let mut files = Vec::with_capacity(rendered.len());
    for (relative, text) in rendered {
        let path = dir.join(&relative);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|error| WriteError::Io {
                path: parent.to_owned(),
                error,
            })?;
        }
        std::fs::write(&path, text).map_err(|error| WriteError::Io { path, error })?;
        files.push(relative);
    }
    Ok(files)
}

/// Runs rustfmt (`$RUSTFMT`, else `rustfmt`) on the Rust files among
/// `files` (relative to `dir`). The templates are formatted for names of
/// common length; a long name can push a line past rustfmt's width, and
/// `cargo fmt --check` must pass as generated.
pub fn format(dir: &Path, files: &[String]) -> Result<(), String> {
    let rust: Vec<PathBuf> = files
        .iter()
        .filter(|f| f.ends_with(".rs"))
        .map(|f| dir.join(f))
        .collect();
    if rust.is_empty() {
        return Ok(());
    }
    let rustfmt = std::env::var_os("RUSTFMT").unwrap_or_else(|| "rustfmt".into());
    let output = std::process::Command::new(&rustfmt)
        .args(["--edition", "2024"])
        .args(&rust)
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(|e| format!("cannot run `{}`: {e}", rustfmt.to_string_lossy()))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(format!(
            "`{}` failed ({}): {}",
            rustfmt.to_string_lossy(),
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        ))
    }
}
