//! The embedded project the demo works on, and the host config it starts
//! with, written to a temporary folder at start.

use std::path::Path;

/// The embedded project, written to a temporary folder at start.
pub(crate) const PROJECT: &[(&str, &str)] = &[
    ("README.md", include_str!("../project/README.md")),
    ("src/main.rs", include_str!("../project/src/main.rs")),
    ("src/parser.rs", include_str!("../project/src/parser.rs")),
    (
        "scripts/check.sh",
        include_str!("../project/scripts/check.sh"),
    ),
    (
        ".agents/skills/commit-message/SKILL.md",
        include_str!("../project/.agents/skills/commit-message/SKILL.md"),
    ),
];

/// The host config the demo starts with.
pub(crate) const CONFIG: &str = r##"
enabled = ["metrics", "textkit", "guard", "doom-loop", "read-before-edit", "audit-logger", "reviewer", "scripted"]
provider = "scripted"

[plugins.metrics]
comment_prefixes = ["//", "#"]
skip_dirs = [".git", "target"]

[plugins.audit-logger]
path = ".tackle/audit.jsonl"   # relative to the agent folder: the temporary project

[roles.maintainer]
permissions = ["reviewer:review"]

[origins]
"cli" = "owner"
"telegram:*" = "maintainer"
"##;

/// Where `audit-logger` writes, relative to the project (see `CONFIG`).
pub(crate) const AUDIT_LOG: &str = ".tackle/audit.jsonl";
/// Its folder.
pub(crate) const AUDIT_DIR: &str = ".tackle";

/// The recorded Claude Code session the demo replays, with the folder it
/// was recorded in (replaced by the project's folder before it is read).
pub(crate) const SESSION: &str = include_str!("../session/fix-exponents.jsonl");
/// Where [`SESSION`] was recorded.
pub(crate) const RECORDED_IN: &str = "/home/ana/calc";

/// Writes the project and its `tackle.toml` (the [`CONFIG`]) into `root`.
pub(crate) fn write(root: &Path) -> std::io::Result<()> {
    for (path, text) in PROJECT {
        let file = root.join(path);
        if let Some(parent) = file.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(file, text)?;
    }
    std::fs::write(root.join("tackle.toml"), CONFIG)
}
