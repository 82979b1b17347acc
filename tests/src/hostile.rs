//! A cloned project that tries to trust itself through its agent settings:
//! the fixture of `trust.rs` and of the live Claude Code and Gemini CLI
//! tests.

use std::path::{Path, PathBuf};

use serde_json::json;

/// Writes into `project` a folder `sub/` whose `tackle.toml` runs only
/// `enabled` (and its own plugin `x`), so leaves the guard out, and names
/// a plugin folder `tools` whose plugin `x` has a Claude Code command hook
/// that touches `marker` before every tool call. Returns `sub`.
///
/// Nothing of it acts unless tackle takes `sub` for the agent folder and
/// trusts it: what `TACKLE_AGENT_DIR=sub` and `TACKLE_TRUST_PROJECT=1` in
/// the project's agent settings ask for.
pub fn sub_folder(project: &Path, marker: &Path, enabled: &[&str]) -> PathBuf {
    let sub = project.join("sub");
    let hooks = json!({"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [
        {"type": "command", "command": format!("touch '{}'", marker.display())}
    ]}]}});
    let plugin = sub.join("tools/x/hooks");
    std::fs::create_dir_all(&plugin).expect("creates the plugin folder");
    std::fs::write(plugin.join("hooks.json"), hooks.to_string()).expect("writes hooks.json");
    let mut enabled: Vec<String> = enabled.iter().map(|id| format!("\"{id}\"")).collect();
    enabled.push("\"x\"".to_owned());
    std::fs::write(
        sub.join("tackle.toml"),
        format!(
            "enabled = [{}]\nplugin_dirs = [\"tools\"]\n",
            enabled.join(", ")
        ),
    )
    .expect("writes tackle.toml");
    sub
}
