//! OpenCode: a generated JS plugin, `.opencode/plugins/<name>.js`, that
//! runs the binary in `.opencode/bin/`, blocks a call by throwing, and,
//! when the plugins have tools, adds the binary's MCP server to OpenCode's
//! config. Its forks load the same plugin from their own folder
//! ([`write_into`]).

use serde::Serialize;

use crate::export::ExportError;
use crate::export::package::{MCP_ARGS, Package};
use crate::export::shim;
use crate::export::write::Out;

const HOOKS: &str = include_str!("shim.js");

/// The server the shim adds to OpenCode's config (`MCP` in `shim.js`):
/// its name, and the binary's arguments.
#[derive(Serialize)]
struct ShimMcp<'a> {
    name: &'a str,
    args: [&'static str; 1],
}

/// Writes the binary and the plugin into `.opencode/`; returns what the
/// user should know.
pub(crate) fn write(package: &Package<'_>, out: &mut Out) -> Result<Vec<String>, ExportError> {
    write_into(".opencode", package, out)
}

/// Writes the binary and the plugin into `dir`, the config folder of the
/// project the agent (OpenCode or a fork of it) loads `plugins/` from.
pub(crate) fn write_into(
    dir: &str,
    package: &Package<'_>,
    out: &mut Out,
) -> Result<Vec<String>, ExportError> {
    let mut notes = Vec::new();
    // Outside `plugins/`: OpenCode loads every file there as a plugin.
    crate::export::binary::write_binary(package, out, &format!("{dir}/bin/{}", package.bin))?;
    // OpenCode's MCP servers live in opencode.json (`mcp`: {NAME: {"type":
    // "local", "command": [BIN, ARGS...], "enabled"}}, https://opencode.ai/
    // docs/mcp-servers/#local), a file of the user's that the package does
    // not own. A plugin's `config` hook is given that config, and may add
    // to it, before the servers start (anomalyco/opencode
    // packages/opencode/src/plugin/index.ts calls `hook.config?.(config)`
    // when the plugins load, and 1.18.33 does so before the instance's
    // other services; packages/opencode/src/mcp/index.ts `connectLocal`
    // runs `command` without a shell, in the project's folder). So the
    // shim adds the entry there, with the binary's path it already
    // resolves for the hooks, unless the user's config has one by that name
    // (with 1.18.33, `opencode mcp list` in an exported project shows the
    // server connected).
    let mcp = (!package.tools.is_empty()).then(|| ShimMcp {
        name: &package.name,
        args: MCP_ARGS,
    });
    let mcp_json = serde_json::to_string(&mcp).unwrap_or_default();
    let source = shim::source(package, &format!("../bin/{}", package.bin), HOOKS)
        .replace("__TACKLE_MCP__", &mcp_json);
    let rel = format!("{dir}/plugins/{}.js", package.name);
    out.text(&rel, &source)?;
    if mcp.is_some() {
        notes.push(package.mcp_note(&format!(
            "registered by {rel}, which adds it to {}'s config unless yours has a server named `{}`",
            package.plan.agent.title(),
            package.name
        )));
    }
    Ok(notes)
}
