//! `tree_stats`: files and lines per extension under a folder.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use tackle::prelude::*;

use crate::MetricsConfig;

/// Arguments of `tree_stats`, taken whole with `#[args]`.
#[tackle::data]
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TreeStatsArgs {
    /// The folder to summarise, relative to the working directory (default: all of it).
    #[serde(default)]
    pub dir: Option<String>,
    /// Only files with these extensions (without the dot); all when empty.
    #[serde(default)]
    pub extensions: Vec<String>,
    /// Stop after this many files.
    #[serde(default = "default_max_files")]
    #[schemars(range(min = 1))]
    pub max_files: usize,
}

fn default_max_files() -> usize {
    10_000
}

/// What `tree_stats` found.
#[tackle::data]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct TreeStats {
    /// Files counted.
    pub files: usize,
    /// Lines in them.
    pub lines: usize,
    /// Per extension (`""` for files without one).
    pub by_extension: BTreeMap<String, ExtensionStats>,
    /// Whether `max_files` stopped the walk early.
    pub truncated: bool,
}

/// Files and lines of one extension.
#[tackle::data]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema, Default)]
pub struct ExtensionStats {
    /// Files.
    pub files: usize,
    /// Lines.
    pub lines: usize,
}

/// Summarise a source tree: files and lines per extension.
///
/// Skips the configured folders (such as `.git` and `target`) and files
/// larger than `max_file_bytes`. Reports progress as it walks.
#[tool(read_only, idempotent)]
fn tree_stats(
    ctx: &ToolContext<MetricsConfig>,
    #[args] args: TreeStatsArgs,
) -> Result<Json<TreeStats>, ToolError> {
    let root = ctx.resolve_path(args.dir.as_deref().unwrap_or("."))?;
    let files = collect(&root, ctx.config(), &args)?;
    let truncated = files.len() > args.max_files;
    let files = &files[..files.len().min(args.max_files)];
    let mut stats = TreeStats {
        files: 0,
        lines: 0,
        by_extension: BTreeMap::new(),
        truncated,
    };
    for (i, file) in files.iter().enumerate() {
        if ctx.is_cancelled() {
            return Err(ToolError::new("cancelled"));
        }
        if i % 64 == 0 {
            ctx.progress(
                i as f64 / files.len() as f64,
                format!("{i} of {} files", files.len()),
            );
        }
        let Ok(text) = std::fs::read_to_string(file) else {
            continue; // binary or unreadable: not source
        };
        let lines = text.lines().count();
        let ext = file
            .extension()
            .map(|e| e.to_string_lossy().into_owned())
            .unwrap_or_default();
        let entry = stats.by_extension.entry(ext).or_default();
        entry.files += 1;
        entry.lines += lines;
        stats.files += 1;
        stats.lines += lines;
    }
    ctx.progress(1.0, format!("{} files", stats.files));
    Ok(Json(stats))
}

/// Candidate files under `root`, sorted so that a full walk reads the same on
/// every file system; at most a little over `max_files` are gathered.
fn collect(
    root: &Path,
    config: &MetricsConfig,
    args: &TreeStatsArgs,
) -> Result<Vec<PathBuf>, ToolError> {
    let mut out = Vec::new();
    let mut pending = vec![root.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let entry = entry?;
            let path = entry.path();
            let kind = entry.file_type()?;
            let name = entry.file_name().to_string_lossy().into_owned();
            if kind.is_dir() {
                if !config.skip_dirs.contains(&name) {
                    pending.push(path);
                }
            } else if kind.is_file() {
                let ext = path
                    .extension()
                    .map(|e| e.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let wanted = args.extensions.is_empty() || args.extensions.contains(&ext);
                if wanted && entry.metadata()?.len() <= config.max_file_bytes {
                    out.push(path);
                }
            }
        }
        if out.len() > args.max_files {
            break;
        }
    }
    out.sort();
    Ok(out)
}
