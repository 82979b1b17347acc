//! Cline: `hooks/<Event>`, one small shell script per event the plugins
//! need, each running the binary copied into the package by its absolute
//! path (Cline runs a hook file in the session's folder, and the user
//! copies or links the files into `<project>/.clinerules/hooks` or
//! `~/.cline/hooks`); and, when the plugins have tools,
//! `cline_mcp_settings.json` with the MCP server's entry.

use crate::Agent;
use crate::export::ExportError;
use crate::export::files::McpServers;
use crate::export::package::Package;
use crate::export::quote;
use crate::export::write::Out;

/// The folder of hook files, in the package.
pub(crate) const HOOKS_DIR: &str = "hooks";

/// The MCP settings file, in the package, named as Cline names its own.
pub(crate) const MCP_FILE: &str = "cline_mcp_settings.json";

/// Writes the binary, the hook files and the MCP entry; returns how to
/// install them.
pub(crate) fn write(package: &Package<'_>, out: &mut Out) -> Result<Vec<String>, ExportError> {
    let rel = format!("bin/{}", package.bin);
    crate::export::targets::write_binary(package, out, &rel)?;
    let bin = quote::shell(&out.root().join(&rel).to_string_lossy());
    // Cline reads the interpreter from the shebang (the file need not be
    // executable) and gives the payload on stdin; `exec` leaves the
    // binary's stdout, which Cline reads, to the binary alone.
    for r in &package.plan.registrations {
        let script = format!(
            "#!/bin/sh\n\
             # Cline's `{event}` hook for the tackle plugins of `{name}`.\n\
             exec {bin} hook {agent} {event}\n",
            event = r.event,
            name = package.bin,
            agent = Agent::Cline.name(),
        );
        out.text(&format!("{HOOKS_DIR}/{}", r.event), &script)?;
    }
    let hooks = quote::shell(&out.root().join(HOOKS_DIR).to_string_lossy());
    let mut notes = vec![
        format!(
            "Cline runs every hook file in <project>/.clinerules/hooks (or ~/.cline/hooks): copy the files of {hooks} there (`cp {hooks}/* .clinerules/hooks/`); they run the binary by its absolute path, so export again if you move it"
        ),
        "Cline's hooks cannot refuse a single tool call: a refusal ends the task, with the reason; prompts and the task's events cannot be refused or added to".to_owned(),
    ];
    // Cline reads MCP servers from `~/.cline/data/settings/cline_mcp_settings.json`
    // (`$CLINE_MCP_SETTINGS_PATH`, or under `$CLINE_DATA_DIR`), `{"mcpServers":
    // {NAME: {command, args}}}`, and from no project file (`cline@3.0.65`).
    if let Some(server) = package.mcp_server(&out.root().join(&rel).to_string_lossy()) {
        let servers = McpServers::one(&package.name, server);
        out.text(MCP_FILE, &quote::json(&servers))?;
        let file = quote::shell(&out.root().join(MCP_FILE).to_string_lossy());
        notes.push(package.mcp_note(&format!(
            "registered in {MCP_FILE}: add its entry to ~/.cline/data/settings/{MCP_FILE}, or run Cline with CLINE_MCP_SETTINGS_PATH={file}"
        )));
    }
    Ok(notes)
}
