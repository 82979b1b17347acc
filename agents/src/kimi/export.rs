//! Kimi CLI: `[[hooks]]` tables for `~/.kimi/config.toml` (Kimi reads hooks
//! from nowhere else), and, when the plugins have tools, an MCP config
//! file for `kimi --mcp-config-file`, both calling the binary copied into
//! the package by its absolute path.

use crate::export::ExportError;
use crate::export::files::McpServers;
use crate::export::package::Package;
use crate::export::quote;
use crate::export::write::Out;

/// The file the tables are written to, in the package folder.
pub(crate) const FILE: &str = "kimi-hooks.toml";

/// The MCP config file, in the package folder.
pub(crate) const MCP_FILE: &str = "kimi-mcp.json";

/// Kimi's bounds on `timeout`, in seconds.
pub(crate) const TIMEOUT_SECS: (u64, u64) = (1, 600);

/// Writes the binary and the tables; returns how to install them.
pub(crate) fn write(package: &Package<'_>, out: &mut Out) -> Result<Vec<String>, ExportError> {
    let rel = format!("bin/{}", package.bin);
    crate::export::binary::write_binary(package, out, &rel)?;
    let bin = out.root().join(&rel);
    // Kimi Code runs a hook's command with Node's `spawn(command, [],
    // {shell: true})` (`runHook`, @moonshot-ai/kimi-code 2.1.0): `/bin/sh
    // -c`, and on Windows `%ComSpec% /d /s /c "COMMAND"`, cmd.exe. It has
    // one `command` for every system and the tables name this machine's
    // path, so they are written for the system of `--os` (the one the export runs on).
    let runs = package.for_hooks();
    let command_bin = runs.program_in(&out.root().join("bin"), package.os);
    let config = out.root().join(FILE);
    let mut text = format!(
        "# Kimi Code hooks for the tackle plugins of `{}`.\n\
         # Paste these tables into ~/.kimi-code/config.toml (or $KIMI_CODE_HOME/config.toml;\n\
         # the archived Python Kimi CLI: ~/.kimi/config.toml or $KIMI_SHARE_DIR/config.toml):\n\
         # Kimi reads hooks from nowhere else. The commands run the binary at\n\
         # {}\n\
         # by its absolute path: export again if you move it.\n",
        package.bin,
        // Quoted: a newline in the path would end the comment.
        quote::string(&out.root().join("bin").join(&runs.bin).to_string_lossy())
    );
    for r in &package.plan.registrations {
        text.push_str("\n[[hooks]]\n");
        text.push_str(&format!("event = {}\n", quote::string(r.event)));
        if let Some(matcher) = r.filter.matcher(package.plan.agent) {
            text.push_str(&format!("matcher = {}\n", quote::string(&matcher)));
        }
        let command = package.hook_line(&command_bin, r.event);
        text.push_str(&format!("command = {}\n", quote::string(&command)));
        let timeout = r.timeout_secs().clamp(TIMEOUT_SECS.0, TIMEOUT_SECS.1);
        text.push_str(&format!("timeout = {timeout}\n"));
    }
    out.text(FILE, &text)?;
    let mut notes = vec![format!(
        "Kimi Code reads hooks only from its config: paste the tables of `{}` into ~/.kimi-code/config.toml (the archived Python Kimi CLI: ~/.kimi/config.toml), or run `install kimi`",
        config.display()
    )];
    // Kimi CLI reads MCP servers, `{"mcpServers": {NAME: {command, args}}}`
    // (fastmcp's MCPConfig), from ~/.kimi/mcp.json, or instead from each
    // `--mcp-config-file FILE` it is given (MoonshotAI/kimi-cli
    // src/kimi_cli/cli/__init__.py and cli/mcp.py, 1.52.0). Its plugins
    // carry tools of their own kind, not MCP servers, so the entry is a
    // file of that shape, with the binary's absolute path as in the hooks.
    if let Some(server) = package.mcp_server(&bin.to_string_lossy()) {
        let servers = McpServers::one(&package.name, server);
        out.text(MCP_FILE, &quote::json(&servers))?;
        let file = quote::shell(&out.root().join(MCP_FILE).to_string_lossy());
        notes.push(package.mcp_note(&format!(
            "registered in {MCP_FILE}: run `kimi --mcp-config-file {file}` (Kimi then skips ~/.kimi/mcp.json), or add its entry to ~/.kimi/mcp.json (`install kimi` does)"
        )));
    }
    Ok(notes)
}
