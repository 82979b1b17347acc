//! `count_lines`: code, comment and blank lines of one file.

use tackle::prelude::*;

use crate::MetricsConfig;

/// Line counts of one file.
#[tackle::data]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct LineCount {
    /// The file, as given.
    pub path: String,
    /// Every line.
    pub total: usize,
    /// Lines with code.
    pub code: usize,
    /// Lines that are only a comment.
    pub comment: usize,
    /// Empty or whitespace-only lines.
    pub blank: usize,
}

/// Count the code, comment and blank lines of a source file.
///
/// Comment lines are those starting with one of the configured prefixes.
// A plain `fn`: it reads a file with `std::fs`, which blocks its thread.
// tackle runs a sync tool off the threads that serve requests; an `async
// fn` must never block (see the guide's "Tools").
#[tool(read_only, idempotent)]
fn count_lines(
    ctx: &ToolContext<MetricsConfig>,
    /// The file, relative to the working directory.
    path: String,
) -> Result<Json<LineCount>, ToolError> {
    let resolved = ctx.resolve_path(&path)?;
    let config = ctx.config();
    let size = std::fs::metadata(&resolved)
        .map_err(|e| ToolError::from(e).context(&path))?
        .len();
    if size > config.max_file_bytes {
        return Err(ToolError::new(format!(
            "{path} has {size} bytes, more than max_file_bytes ({}); count a smaller file",
            config.max_file_bytes
        )));
    }
    let text = std::fs::read_to_string(&resolved).map_err(|e| ToolError::from(e).context(&path))?;
    Ok(Json(count(&path, &text, &config.comment_prefixes)))
}

/// Counts the lines of `text`.
pub fn count(path: &str, text: &str, comment_prefixes: &[String]) -> LineCount {
    let mut counts = LineCount {
        path: path.to_owned(),
        total: 0,
        code: 0,
        comment: 0,
        blank: 0,
    };
    for line in text.lines() {
        counts.total += 1;
        let trimmed = line.trim_start();
        if trimmed.is_empty() {
            counts.blank += 1;
        } else if comment_prefixes
            .iter()
            .any(|p| trimmed.starts_with(p.as_str()))
        {
            counts.comment += 1;
        } else {
            counts.code += 1;
        }
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_each_kind() {
        let c = count(
            "a.rs",
            "// hi\nfn main() {}\n\n   \n  # x\n",
            &["//".into(), "#".into()],
        );
        assert_eq!((c.total, c.code, c.comment, c.blank), (5, 1, 2, 2));
    }
}
