//! `head` and `write_file`.

use std::fmt::Write as _;
use std::fs::File;
use std::io::{BufRead, BufReader, Read};

use tackle::prelude::*;

/// Show the first lines of a file, numbered.
///
/// Reads only what it shows: the lines asked for, and never more bytes
/// than the call's output may hold (a longer result would be cut anyway).
#[tool(read_only, idempotent)]
fn head(
    ctx: &ToolContext,
    /// The file, relative to the working directory.
    path: String,
    /// How many lines (default 20).
    #[schemars(range(min = 1, max = 10000))]
    lines: Option<usize>,
) -> Result<String, ToolError> {
    let resolved = ctx.resolve_path(&path)?;
    let file = File::open(&resolved).map_err(|e| ToolError::from(e).context(&path))?;
    // One byte past the output cap: enough for the host to see that the
    // output is longer than it shows, and to say so.
    let budget = ctx.max_output_bytes().saturating_add(1);
    let mut reader = BufReader::new(file).take(budget as u64);
    let mut out = String::new();
    let mut line = Vec::new();
    for number in 1..=lines.unwrap_or(20) {
        line.clear();
        let read = reader
            .read_until(b'\n', &mut line)
            .map_err(|e| ToolError::from(e).context(&path))?;
        if read == 0 {
            break;
        }
        let cut = reader.limit() == 0 && line.last() != Some(&b'\n');
        let text = match std::str::from_utf8(&line) {
            Ok(text) => text,
            // The budget may end inside a character: show what is whole.
            Err(e) if cut => std::str::from_utf8(&line[..e.valid_up_to()]).unwrap_or_default(),
            Err(_) => {
                return Err(ToolError::new(format!(
                    "{path}: line {number} is not UTF-8 text"
                )));
            }
        };
        let text = text.strip_suffix('\n').unwrap_or(text);
        let text = text.strip_suffix('\r').unwrap_or(text);
        if number > 1 {
            out.push('\n');
        }
        let _ = write!(out, "{number:>4}  {text}");
    }
    Ok(out)
}

/// Write a text file inside the working directory, creating its folders.
///
/// Refuses to replace an existing file unless `overwrite` is true.
#[tool(destructive, idempotent)]
fn write_file(
    ctx: &ToolContext,
    /// The file, relative to the working directory.
    path: String,
    /// The full new content.
    content: String,
    /// Replace the file if it exists.
    #[serde(default)]
    overwrite: bool,
) -> Result<String, ToolError> {
    let resolved = ctx.resolve_writable_path(&path)?;
    if resolved.exists() && !overwrite {
        return Err(ToolError::new(format!(
            "{path} exists; pass \"overwrite\": true to replace it"
        )));
    }
    if let Some(parent) = resolved.parent() {
        std::fs::create_dir_all(parent).map_err(|e| ToolError::from(e).context(&path))?;
    }
    std::fs::write(&resolved, &content).map_err(|e| ToolError::from(e).context(&path))?;
    Ok(format!("wrote {} bytes to {path}", content.len()))
}
