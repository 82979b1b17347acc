//! `search`: lines containing a text, in one file or a folder.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
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
/// file and line, and each line is printed as `file:line: text`. Files are
/// read a line at a time; one that is not UTF-8 text, or has a line over
/// 1 MiB, is skipped.
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
    let mut total = 0;
    for file in files(&root)? {
        let shown = file
            .strip_prefix(&base)
            .unwrap_or(&file)
            .display()
            .to_string();
        let room = limit.saturating_sub(matches.len());
        let Some((count, found)) = search_file(&file, &wanted, ignore_case, room) else {
            continue;
        };
        total += count;
        matches.extend(found.into_iter().map(|(line, text)| Match {
            file: shown.clone(),
            line,
            text,
        }));
    }
    let mut out: Vec<String> = matches
        .iter()
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

/// The longest line searched; a file with a longer one is not text.
const MAX_LINE: usize = 1 << 20;

/// Lines of `file` that contain `wanted`: how many, and the number and
/// text of the first `keep`. `None` when it is not text (not UTF-8, or a
/// line over [`MAX_LINE`]) or cannot be read. One line is held at a time.
fn search_file(
    file: &Path,
    wanted: &str,
    ignore_case: bool,
    keep: usize,
) -> Option<(usize, Vec<(usize, String)>)> {
    let mut reader = BufReader::new(File::open(file).ok()?);
    let (mut count, mut kept) = (0, Vec::new());
    let mut line = Vec::new();
    for number in 1.. {
        line.clear();
        let read = (&mut reader)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut line)
            .ok()?;
        if read == 0 {
            break;
        }
        if line.len() > MAX_LINE && line.last() != Some(&b'\n') {
            return None;
        }
        let text = std::str::from_utf8(&line).ok()?;
        let hit = if ignore_case {
            text.to_lowercase().contains(wanted)
        } else {
            text.contains(wanted)
        };
        if hit {
            count += 1;
            if kept.len() < keep {
                kept.push((number, text.trim_end().to_owned()));
            }
        }
    }
    Some((count, kept))
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
