//! `head` and `write_file`.

use tackle::prelude::*;

/// Show the first lines of a file, numbered.
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
    let text = std::fs::read_to_string(&resolved).map_err(|e| ToolError::from(e).context(&path))?;
    let n = lines.unwrap_or(20);
    Ok(text
        .lines()
        .take(n)
        .enumerate()
        .map(|(i, line)| format!("{:>4}  {line}", i + 1))
        .collect::<Vec<_>>()
        .join("\n"))
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
