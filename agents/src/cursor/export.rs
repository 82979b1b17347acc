//! Cursor: `hooks.json` (`version` 1, `{event: [{command, timeout}]}`)
//! for the user to copy to `<project>/.cursor/hooks.json` or
//! `~/.cursor/hooks.json`, `mcp.json` when the plugins have tools, and the
//! binary in `bin/`, named by its absolute path (Cursor runs a project's
//! hooks in the project and a user's in `~/.cursor`): export again if the
//! folder moves. Cursor runs the command through the shell, with no
//! Windows form of its own.

use serde::Serialize;

use crate::export::ExportError;
use crate::export::files::{McpServers, Ordered};
use crate::export::package::Package;
use crate::export::quote;
use crate::export::write::Out;

/// The hooks file, in the package.
pub(crate) const HOOKS_FILE: &str = "hooks.json";

/// The MCP file, in the package, named as Cursor names its own.
const MCP_FILE: &str = "mcp.json";

/// `hooks.json`.
#[derive(Serialize)]
struct HooksFile {
    version: u32,
    hooks: Ordered<[HookEntry; 1]>,
}

/// One hook command.
#[derive(Serialize)]
struct HookEntry {
    command: String,
    /// In seconds.
    timeout: u64,
}

/// Writes the hooks file, the MCP file and the binary; returns what the
/// user should know.
pub(crate) fn write(package: &Package<'_>, out: &mut Out) -> Result<Vec<String>, ExportError> {
    let mut notes = Vec::new();
    let rel = format!("bin/{}", package.bin);
    crate::export::binary::write_binary(package, out, &rel)?;
    let bin = out.root().join(&rel).to_string_lossy().into_owned();
    let hook_bin = out
        .root()
        .join("bin")
        .join(&package.for_hooks().bin)
        .to_string_lossy()
        .into_owned();
    let events = package
        .plan
        .registrations
        .iter()
        .map(|r| {
            let entry = HookEntry {
                command: package.hook_line(&quote::shell(&hook_bin), r.event),
                timeout: r.timeout_secs(),
            };
            (r.event, [entry])
        })
        .collect();
    out.text(
        HOOKS_FILE,
        &quote::json(&HooksFile {
            version: 1,
            hooks: Ordered(events),
        }),
    )?;
    let file = quote::shell(&out.root().join(HOOKS_FILE).to_string_lossy());
    notes.push(format!(
        "Cursor runs the hooks of <project>/.cursor/hooks.json and ~/.cursor/hooks.json: copy {file} there, or merge its `hooks` into the file you have; Cursor reloads it when it changes"
    ));
    // Cursor reads MCP servers from `.cursor/mcp.json` and
    // `~/.cursor/mcp.json`, `{"mcpServers": {NAME: {command, args}}}`.
    if let Some(server) = package.mcp_server(&bin) {
        out.text(
            MCP_FILE,
            &quote::json(&McpServers::one(&package.name, server)),
        )?;
        notes.push(package.mcp_note(&format!(
            "registered in {MCP_FILE}: merge its entry into <project>/.cursor/mcp.json or ~/.cursor/mcp.json (`install cursor` does)"
        )));
    }
    Ok(notes)
}
