//! Code metrics: line counts, a complexity estimate, statistics of a tree,
//! and slash commands for a person (`/loc`, `/largest`, `/metrics-config`).
//!
//! An example tackle plugin with a typed config: the host's
//! `[plugins.metrics]` block is checked against [`MetricsConfig`]'s schema
//! before any tool runs, and tools read it as a plain struct.

#![warn(missing_docs)]

use tackle::prelude::*;

mod commands;
mod complexity;
mod lines;
mod stats;

pub use commands::Format;
pub use complexity::Complexity;
pub use lines::LineCount;
pub use stats::{TreeStats, TreeStatsArgs};

tackle::plugin! {
    id: "metrics",
    name: "Code metrics",
    description: "Counts lines, estimates complexity and summarises source trees.",
    config: MetricsConfig,
}

/// Settings from the host config's `[plugins.metrics]` block.
#[tackle::data]
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(default)]
pub struct MetricsConfig {
    /// Files larger than this many bytes are refused.
    pub max_file_bytes: u64,
    /// Line prefixes that mark a comment line.
    pub comment_prefixes: Vec<String>,
    /// Folder names never entered when walking a tree.
    pub skip_dirs: Vec<String>,
}

impl Default for MetricsConfig {
    fn default() -> Self {
        MetricsConfig {
            max_file_bytes: 1_000_000,
            comment_prefixes: vec!["//".into(), "#".into(), "--".into()],
            skip_dirs: vec![".git".into(), "target".into(), "node_modules".into()],
        }
    }
}
