//! Factory Droid: a plugin folder (`.factory-plugin/plugin.json`,
//! `hooks/hooks.json`, `mcp.json` when the plugins have tools, `skills/`,
//! the binary in `bin/`), installed from a marketplace.
//!
//! Droid 0.225 pastes `${DROID_PLUGIN_ROOT}` into a plugin hook's command
//! as text and runs the command with `sh` (its plugin loader and
//! `Yi.executeCommand`); a hook gets no variable holding the plugin's
//! folder (it sets `DROID_PLUGIN_ROOT` to an error marker), so no quoting
//! could hold a folder whose name the shell would parse. The commands and
//! the MCP entry therefore name the binary by its absolute path, quoted
//! for the shell, as Kimi CLI's do: export again if the folder moves.

use serde::Serialize;

use crate::claude::export::{hooks_file, skills};
use crate::export::ExportError;
use crate::export::files::{Command, McpServers};
use crate::export::package::Package;
use crate::export::quote;
use crate::export::write::Out;

/// The plugin's MCP file, Droid's name for it.
const MCP_FILE: &str = "mcp.json";

/// One hook command: a shell line.
#[derive(Serialize)]
struct HookEntry {
    #[serde(rename = "type")]
    kind: Command,
    command: String,
    /// In seconds.
    timeout: u64,
}

/// The note every Droid package gets: its trust gate.
pub(crate) const TRUST_NOTE: &str = "Factory Droid's TUI runs no hook in a folder it does not trust yet (`general.trustedFolders` in ~/.factory/settings.json): trust the project when Droid asks; `droid exec` has no such gate. A hook's `ask` is answered with a refusal, since Droid ignores it";

/// Writes the plugin; returns what the user should know.
pub(crate) fn write(package: &Package<'_>, out: &mut Out) -> Result<Vec<String>, ExportError> {
    let mut notes = Vec::new();
    let rel = format!("bin/{}", package.bin);
    crate::export::binary::write_binary(package, out, &rel)?;
    let bin = out.root().join(&rel).to_string_lossy().into_owned();
    out.text(
        ".factory-plugin/plugin.json",
        &quote::json(&package.about()),
    )?;
    if !package.plan.registrations.is_empty() {
        let hook_bin = out.root().join("bin").join(&package.for_hooks().bin);
        let hook_bin = hook_bin.to_string_lossy();
        let hooks = hooks_file(package, |r| HookEntry {
            kind: Command::Command,
            command: package.hook_line(&quote::shell(&hook_bin), r.event),
            timeout: r.timeout_secs(),
        });
        out.text("hooks/hooks.json", &quote::json(&hooks))?;
        notes.push(TRUST_NOTE.to_owned());
    }
    // A plugin's `mcp.json` is `{"mcpServers": {NAME: {command, args}}}`
    // (Droid writes a Claude plugin's `.mcp.json` into that shape when it
    // installs one); the command, the binary's absolute path, starts
    // without a shell.
    if let Some(server) = package.mcp_server(&bin) {
        let servers = McpServers::one(&package.name, server);
        out.text(MCP_FILE, &quote::json(&servers))?;
        notes.push(package.mcp_note(&format!(
            "registered in {MCP_FILE} with the binary's absolute path: export again if you move the folder"
        )));
    }
    skills(package, out)?;
    Ok(notes)
}
