//! goose: a plugin folder, `plugin.json` (name, version, description),
//! `hooks/hooks.json` (Claude Code's nested shape: `{matcher, hooks:
//! [{type, command, timeout, on_failure}]}`) and the binary in `bin/`.
//!
//! goose runs a command with `sh -c` and sets `PLUGIN_ROOT` to the
//! plugin's folder in its environment, so the command names the binary
//! through that variable, quoted: the folder can move, and a path with
//! spaces stays one word (goose's own `${PLUGIN_ROOT}` is pasted in as
//! text, unquoted).

use serde::Serialize;

use crate::claude::export::hooks_file;
use crate::export::ExportError;
use crate::export::files::Command;
use crate::export::package::Package;
use crate::export::quote;
use crate::export::write::Out;

use super::Event;

/// One hook command.
#[derive(Serialize)]
struct HookEntry {
    #[serde(rename = "type")]
    kind: Command,
    command: String,
    /// In seconds.
    timeout: u64,
    /// `block` where a fail-closed hook guards the tool call.
    #[serde(skip_serializing_if = "Option::is_none")]
    on_failure: Option<OnFailure>,
}

/// goose's `on_failure`.
#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum OnFailure {
    Block,
}

/// Writes the plugin; returns what the user should know.
pub(crate) fn write(package: &Package<'_>, out: &mut Out) -> Result<Vec<String>, ExportError> {
    let mut notes = Vec::new();
    let rel = format!("bin/{}", package.bin);
    crate::export::binary::write_binary(package, out, &rel)?;
    out.text("plugin.json", &quote::json(&package.about()))?;
    if !package.plan.registrations.is_empty() {
        let hook_rel = format!("bin/{}", package.for_hooks().bin);
        let hooks = hooks_file(package, |r| HookEntry {
            kind: Command::Command,
            command: package.hook_line(
                &format!("\"$PLUGIN_ROOT\"/{}", quote::shell(&hook_rel)),
                r.event,
            ),
            timeout: r.timeout_secs(),
            // goose honours it at `PreToolUse` only.
            on_failure: (r.event == Event::PreToolUse.name() && r.closed.is_some())
                .then_some(OnFailure::Block),
        });
        out.text("hooks/hooks.json", &quote::json(&hooks))?;
        notes.push("goose runs the hooks of every plugin it finds, with no trust step: only `PreToolUse` and `Stop` can refuse; goose takes no rewrite, context or `ask` from a hook (an `ask` before a tool is refused)".to_owned());
    }
    // goose starts MCP servers as extensions of its own config, not from
    // a plugin.
    let bin = out.root().join(&rel).to_string_lossy().into_owned();
    if package.mcp_server(&bin).is_some() {
        notes.push(package.mcp_note(&format!(
            "not registered: add a command-line extension running `{} mcp` (`goose configure`, Add Extension)",
            quote::shell(&bin)
        )));
    }
    Ok(notes)
}
