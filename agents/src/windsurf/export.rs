//! Windsurf: `hooks.json` (`{"hooks": {action: [{command,
//! show_output}]}}`) for the user to copy to `<workspace>/.windsurf/` or
//! `~/.codeium/windsurf/`, `mcp_config.json` when the plugins have tools,
//! and the binary in `bin/`, named by its absolute path (Windsurf runs a
//! hook in the workspace): export again if the folder moves. `pre_tool` and `post_tool` are registered under each
//! of their actions. Windsurf's docs give the command no Windows form.

use serde::Serialize;

use super::Event;
use crate::export::ExportError;
use crate::export::files::{McpServers, Ordered};
use crate::export::package::Package;
use crate::export::quote;
use crate::export::write::Out;

/// The hooks file, in the package.
pub(crate) const HOOKS_FILE: &str = "hooks.json";

/// The MCP file, in the package, named as Windsurf names its own
/// (`~/.codeium/windsurf/mcp_config.json`, `{"mcpServers": {NAME:
/// {command, args}}}`; docs.windsurf.com, Cascade MCP).
pub(crate) const MCP_FILE: &str = "mcp_config.json";

/// `hooks.json`.
#[derive(Serialize)]
struct HooksFile {
    hooks: Ordered<[HookEntry; 1]>,
}

/// One hook command.
#[derive(Serialize)]
struct HookEntry {
    command: String,
    /// The binary's stderr (a refusal's reason) in Cascade's panel.
    show_output: bool,
}

/// Writes the hooks file, the MCP file and the binary; returns what the
/// user should know.
pub(crate) fn write(package: &Package<'_>, out: &mut Out) -> Result<Vec<String>, ExportError> {
    let rel = format!("bin/{}", package.bin);
    crate::export::binary::write_binary(package, out, &rel)?;
    let bin = out.root().join("bin").join(&package.for_hooks().bin);
    let bin = quote::shell(&bin.to_string_lossy());
    let mut actions = Vec::new();
    for r in &package.plan.registrations {
        let Some(event) = Event::from_name(r.event) else {
            continue;
        };
        for action in event.actions() {
            let entry = HookEntry {
                command: package.hook_line(&bin, r.event),
                show_output: true,
            };
            actions.push((*action, [entry]));
        }
    }
    out.text(
        HOOKS_FILE,
        &quote::json(&HooksFile {
            hooks: Ordered(actions),
        }),
    )?;
    let file = quote::shell(&out.root().join(HOOKS_FILE).to_string_lossy());
    let mut notes = vec![
        format!(
            "Windsurf runs the hooks of <workspace>/.windsurf/hooks.json and ~/.codeium/windsurf/hooks.json: copy {file} there, or merge its `hooks` into yours"
        ),
        "Windsurf's hooks can only refuse (before a tool or a prompt): a rewrite, added context and `ask` are not taken (an `ask` before a tool is refused)".to_owned(),
    ];
    if let Some(server) = package.mcp_server(&out.root().join(&rel).to_string_lossy()) {
        out.text(
            MCP_FILE,
            &quote::json(&McpServers::one(&package.name, server)),
        )?;
        notes.push(package.mcp_note(&format!(
            "registered in {MCP_FILE}: merge its entry into ~/.codeium/windsurf/{MCP_FILE} (`install windsurf` does)"
        )));
    }
    Ok(notes)
}
