//! Slash commands: `/loc` counts lines of the files a person names,
//! `/largest` ranks a folder's files by lines, `/metrics-config` shows the
//! settings in effect (on the host only).

use std::path::{Path, PathBuf};

use tackle::prelude::*;

use crate::MetricsConfig;
use crate::lines::{LineCount, count};

/// Count the code, comment and blank lines of files.
///
/// Paths are relative to the agent folder. With `--summary`, only the
/// totals are shown.
#[command(aliases = ["lines"], category = "metrics")]
fn loc(
    ctx: &CommandContext<MetricsConfig>,
    /// Files to count, relative to the agent folder.
    #[positional]
    files: Vec<String>,
    /// Show only the totals.
    summary: bool,
) -> Result<CommandOutput, String> {
    let config = ctx.config();
    let mut counts = Vec::new();
    for file in &files {
        let path = inside(ctx.agent_dir(), file)?;
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{file}: {e}"))?;
        counts.push(count(file, &text, &config.comment_prefixes));
    }
    let total = counts.iter().fold(
        LineCount {
            path: "total".into(),
            total: 0,
            code: 0,
            comment: 0,
            blank: 0,
        },
        |mut sum, c| {
            sum.total += c.total;
            sum.code += c.code;
            sum.comment += c.comment;
            sum.blank += c.blank;
            sum
        },
    );
    let mut text = String::new();
    if !summary {
        for c in &counts {
            text.push_str(&line(c));
        }
    }
    text.push_str(&line(&total));
    Ok(
        CommandOutput::text(text).with_data(tackle::serde_json::json!({
            "files": counts.len(),
            "total": total.total,
            "code": total.code,
            "comment": total.comment,
            "blank": total.blank,
        })),
    )
}

fn line(c: &LineCount) -> String {
    format!(
        "{:>6} lines {:>6} code {:>6} comment {:>6} blank  {}\n",
        c.total, c.code, c.comment, c.blank, c.path
    )
}

/// How `/largest` prints its ranking.
#[tackle::data]
#[derive(Debug, Clone, Copy, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// One line per file.
    #[default]
    Text,
    /// Markdown, a table to paste into a review.
    Markdown,
}

/// List the largest files of a folder by line count.
#[command(category = "metrics")]
fn largest(
    ctx: &CommandContext<MetricsConfig>,
    /// The folder to search, relative to the agent folder.
    #[positional]
    dir: Option<String>,
    /// How many files to show.
    #[schemars(range(min = 1, max = 100))]
    top: Option<u32>,
    /// Only files with this extension (repeat for more).
    ext: Vec<String>,
    /// Output format.
    format: Option<Format>,
) -> Result<String, String> {
    let root = inside(ctx.agent_dir(), dir.as_deref().unwrap_or("."))?;
    let config = ctx.config();
    let mut sized = Vec::new();
    let mut pending = vec![root.clone()];
    while let Some(folder) = pending.pop() {
        let entries =
            std::fs::read_dir(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if path.is_dir() {
                if !config.skip_dirs.contains(&name) {
                    pending.push(path);
                }
                continue;
            }
            let extension = path
                .extension()
                .map(|e| e.to_string_lossy().into_owned())
                .unwrap_or_default();
            if !ext.is_empty() && !ext.contains(&extension) {
                continue;
            }
            if let Ok(text) = std::fs::read_to_string(&path) {
                let shown = path.strip_prefix(&root).unwrap_or(&path);
                sized.push((text.lines().count(), shown.display().to_string()));
            }
        }
    }
    // Most lines first; equal counts by path, so the output is stable.
    sized.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    sized.truncate(top.unwrap_or(10) as usize);
    if sized.is_empty() {
        return Ok("no files found".to_owned());
    }
    Ok(match format.unwrap_or_default() {
        Format::Text => sized
            .iter()
            .map(|(lines, path)| format!("{lines:>6}  {path}\n"))
            .collect(),
        Format::Markdown => {
            let mut out = String::from("| lines | file |\n| ---: | --- |\n");
            for (lines, path) in &sized {
                out.push_str(&format!("| {lines} | `{path}` |\n"));
            }
            out
        }
    })
}

/// Show the metrics settings in effect, from `[plugins.metrics]`.
#[command(name = "metrics-config", surface = "host", category = "metrics")]
fn show_config(ctx: &CommandContext<MetricsConfig>) -> String {
    let config = ctx.config();
    format!(
        "max_file_bytes = {}\ncomment_prefixes = {:?}\nskip_dirs = {:?}\n",
        config.max_file_bytes, config.comment_prefixes, config.skip_dirs
    )
}

/// `path` under the agent folder; a person may name only what is inside it.
fn inside(agent_dir: &Path, path: &str) -> Result<PathBuf, String> {
    let relative = Path::new(path);
    if relative.is_absolute()
        || relative
            .components()
            .any(|c| matches!(c, std::path::Component::ParentDir))
    {
        return Err(format!(
            "`{path}` is outside the agent folder; name a path inside it, such as `src/main.rs`"
        ));
    }
    Ok(agent_dir.join(relative))
}
