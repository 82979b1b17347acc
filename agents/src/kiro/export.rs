//! Kiro CLI: `agents/<name>.json`, an agent configuration (`name`,
//! `description`, every tool, `hooks` as `{event: [{command,
//! timeout_ms}]}`, and `mcpServers` when the plugins have tools), and the
//! binary in `bin/`, named by its absolute path (Kiro runs a hook in the
//! session's folder): export again if the folder moves.

use serde::Serialize;

use crate::export::ExportError;
use crate::export::files::{McpServer, Named, Ordered};
use crate::export::package::Package;
use crate::export::quote;
use crate::export::write::Out;

/// The folder the agent file is written to, in the package.
pub(crate) const AGENTS_DIR: &str = "agents";

/// An agent configuration.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct AgentFile<'a> {
    name: &'a str,
    description: &'a str,
    /// Every tool: the agent is the default one plus the hooks.
    tools: [&'static str; 1],
    hooks: Ordered<[HookEntry; 1]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mcp_servers: Option<Named<McpServer>>,
}

/// One hook command.
#[derive(Serialize)]
struct HookEntry {
    command: String,
    timeout_ms: u64,
}

/// Writes the agent file and the binary; returns what the user should know.
pub(crate) fn write(package: &Package<'_>, out: &mut Out) -> Result<Vec<String>, ExportError> {
    let mut notes = Vec::new();
    let rel = format!("bin/{}", package.bin);
    crate::export::binary::write_binary(package, out, &rel)?;
    let bin = out.root().join(&rel).to_string_lossy().into_owned();
    let hook_bin = out.root().join("bin").join(&package.for_hooks().bin);
    let hook_bin = quote::shell(&hook_bin.to_string_lossy());
    let hooks = package
        .plan
        .registrations
        .iter()
        .map(|r| {
            let entry = HookEntry {
                command: package.hook_line(&hook_bin, r.event),
                timeout_ms: r.timeout_ms(),
            };
            (r.event, [entry])
        })
        .collect();
    let mcp_servers = package.mcp_server(&bin).map(|server| Named {
        name: package.name.clone(),
        value: server,
    });
    if mcp_servers.is_some() {
        notes.push(package.mcp_note("registered in the agent file's `mcpServers`"));
    }
    let file = AgentFile {
        name: &package.name,
        description: &package.description,
        tools: ["*"],
        hooks: Ordered(hooks),
        mcp_servers,
    };
    let path = format!("{AGENTS_DIR}/{}.json", package.name);
    out.text(&path, &quote::json(&file))?;
    notes.push(format!(
        "Kiro CLI runs these hooks only in the agent they belong to: copy {} to <project>/.kiro/agents/ or ~/.kiro/agents/ and start `kiro-cli chat --agent {}`; only `preToolUse` can refuse, and Kiro takes no rewrite or `ask` from a hook (an `ask` before a tool is refused)",
        quote::shell(&out.root().join(&path).to_string_lossy()),
        package.name
    ));
    Ok(notes)
}
