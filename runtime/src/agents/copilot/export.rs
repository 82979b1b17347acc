//! Copilot CLI: `.github/hooks/<name>.json` (`version` 1, camelCase events,
//! `bash` commands, `timeoutSec`), `.github/mcp.json` when the plugins have
//! tools (unless the repository already has its own), the binary in
//! `.github/hooks/bin/`.

use serde_json::{Map, Value, json};

use crate::agents::export::ExportError;
use crate::agents::export::package::Package;
use crate::agents::export::quote;
use crate::agents::export::write::Out;

/// The repository's MCP servers, as Copilot CLI reads them.
const MCP_FILE: &str = ".github/mcp.json";

/// Writes the hooks and the MCP server; returns what the user should know.
pub(crate) fn write(package: &Package<'_>, out: &mut Out) -> Result<Vec<String>, ExportError> {
    let mut notes = Vec::new();
    let bin = format!(".github/hooks/bin/{}", package.bin);
    out.executable(&bin, package.binary)?;
    let mut events = Map::new();
    for r in &package.plan.registrations {
        // Repository hooks run in the repository's root, which is where
        // the package is meant to be written: the path is relative to it.
        let mut entry = json!({
            "type": "command",
            "bash": format!("./{bin} hook copilot {}", r.event),
            "timeoutSec": r.timeout_secs(),
        });
        // On the entry itself: a key Copilot did not read would only cost
        // a process start; a group shape it did not accept would drop the
        // hook.
        if let Some(matcher) = r.filter.matcher(package.plan.agent) {
            entry["matcher"] = json!(matcher);
        }
        events.insert(r.event.to_owned(), Value::Array(vec![entry]));
    }
    let file = json!({"version": 1, "hooks": events});
    out.text(
        &format!(".github/hooks/{}.json", package.name),
        &quote::json(&file),
    )?;
    // Copilot CLI (1.0.61 and later) loads a repository's MCP servers from
    // `.github/mcp.json`, `{"mcpServers": {NAME: {"type": "local",
    // "command", "args", "tools"}}}`, once the folder is trusted (and in
    // `-p` mode only with GITHUB_COPILOT_PROMPT_MODE_WORKSPACE_MCP=true):
    // https://docs.github.com/en/copilot/how-tos/copilot-cli/customize-copilot/add-mcp-servers
    // (github/docs content/copilot/how-tos/copilot-cli/customize-copilot/
    // add-mcp-servers.md; `copilot mcp get NAME`, 1.0.102, lists the entry
    // in a trusted folder). It expands no variable there
    // (adobe/spectrum-design-data#1455), so the binary is
    // named from the repository's root, as the hooks name it. The file is
    // the repository's, shared with servers of its own: one that no tackle
    // export wrote is left alone, and the note says what to add to it.
    if let Some(server) = package.mcp_server(&format!("./{bin}")) {
        let server = json!({
            "type": "local",
            "command": server["command"],
            "args": server["args"],
            "tools": ["*"],
        });
        let entry = json!({package.name.clone(): server});
        if out.is_foreign(MCP_FILE) {
            notes.push(package.mcp_note(&format!(
                "{MCP_FILE} is the repository's own, so it was left alone: add this to its `mcpServers`: {entry}"
            )));
        } else {
            out.text(MCP_FILE, &quote::json(&json!({"mcpServers": entry})))?;
            notes.push(package.mcp_note(&format!(
                "registered in {MCP_FILE}, which Copilot CLI reads once the folder is trusted; start it in the repository's root"
            )));
        }
    }
    Ok(notes)
}
