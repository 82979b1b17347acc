//! `search`: lines containing a text, in one file or a folder.

use std::path::{Path, PathBuf};

use tackle::prelude::*;

/// One matching line.
#[tackle::data]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Match {
    /// The file, relative to the working directory.
    pub file: String,
    /// 1-based line number.
    pub line: usize,
    /// The line's text.
    pub text: String,
}

/// Find the lines that contain a text, in a file or under a folder.
///
/// Plain substring search (no regular expressions). Results are sorted by
/// file and line, and each line is printed as `file:line: text`.
#[tool(read_only, idempotent)]
fn search(
    ctx: &ToolContext,
    /// The text to look for.
    needle: String,
    /// A file or folder, relative to the working directory (default: all of it).
    path: Option<String>,
    /// Match regardless of case.
    #[serde(default)]
    ignore_case: bool,
    /// Stop after this many matches (default 100).
    max_matches: Option<usize>,
) -> Result<String, ToolError> {
    if needle.is_empty() {
        return Err(ToolError::new(
            "`needle` is empty; give the text to look for",
        ));
    }
    let root = ctx.resolve_path(path.as_deref().unwrap_or("."))?;
    let base = ctx.resolve_path(".")?;
    let limit = max_matches.unwrap_or(100);
    let wanted = if ignore_case {
        needle.to_lowercase()
    } else {
        needle
    };
    let mut matches = Vec::new();
    for file in files(&root)? {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        let shown = file
            .strip_prefix(&base)
            .unwrap_or(&file)
            .display()
            .to_string();
        for (i, line) in text.lines().enumerate() {
            let hay = if ignore_case {
                line.to_lowercase()
            } else {
                line.to_owned()
            };
            if hay.contains(&wanted) {
                matches.push(Match {
                    file: shown.clone(),
                    line: i + 1,
                    text: line.trim_end().to_owned(),
                });
            }
        }
    }
    let total = matches.len();
    let mut out: Vec<String> = matches
        .iter()
        .take(limit)
        .map(|m| format!("{}:{}: {}", m.file, m.line, m.text))
        .collect();
    if total == 0 {
        return Ok(format!("no line contains {wanted:?}"));
    }
    if total > limit {
        out.push(format!(
            "... {} more matches (raise max_matches to see them)",
            total - limit
        ));
    }
    Ok(out.join("\n"))
}

/// The files under `root` (or `root` itself), sorted, skipping hidden folders.
fn files(root: &Path) -> Result<Vec<PathBuf>, ToolError> {
    if root.is_file() {
        return Ok(vec![root.to_path_buf()]);
    }
    let mut out = Vec::new();
    let mut pending = vec![root.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let entry = entry?;
            let hidden = entry.file_name().to_string_lossy().starts_with('.');
            let kind = entry.file_type()?;
            if kind.is_dir() && !hidden {
                pending.push(entry.path());
            } else if kind.is_file() {
                out.push(entry.path());
            }
        }
    }
    out.sort();
    Ok(out)
}
