//! Gemini CLI: an extension folder (`gemini-extension.json`, with an
//! `mcpServers` entry when the plugins have tools, `hooks/hooks.json` with
//! timeouts in milliseconds, `commands/*.toml`, `skills/`, the binary in
//! `bin/`).

use serde::Serialize;

use crate::Agent;
use crate::claude::export::{hooks_file, skills};
use crate::export::ExportError;
use crate::export::files::{About, Command, McpServer, Named};
use crate::export::os;
use crate::export::package::{Package, summary};
use crate::export::quote;
use crate::export::write::Out;

/// The variable each hook's `env` sets to the binary's path.
pub(crate) const BIN_VAR: &str = "TACKLE_BIN";

/// The binary as the extension's files name it: Gemini CLI replaces
/// `${extensionPath}` and `${/}` in them with the extension's folder and
/// the path separator (Qwen Code's extensions too).
pub(crate) fn bin(package: &Package<'_>) -> String {
    format!("${{extensionPath}}${{/}}bin${{/}}{}", package.bin)
}

/// The extension's manifest, `gemini-extension.json`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Manifest<'a> {
    #[serde(flatten)]
    about: About<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mcp_servers: Option<Named<McpServer>>,
}

/// One hook command: a shell line that runs the binary named by `env`.
#[derive(Serialize)]
struct HookEntry<'a> {
    #[serde(rename = "type")]
    kind: Command,
    name: &'a str,
    command: String,
    /// [`BIN_VAR`], the binary's path.
    env: Named<String>,
    /// In milliseconds.
    timeout: u64,
}

/// Writes the extension; returns what the user should know.
pub(crate) fn write(package: &Package<'_>, out: &mut Out) -> Result<Vec<String>, ExportError> {
    let mut notes = Vec::new();
    let hooks = package.for_hooks();
    let program = hooks.hook_program(bin(&hooks));
    let rel = format!("bin/{}", package.bin);
    crate::export::binary::write_binary(package, out, &rel)?;
    crate::export::binary::write_windows_exe(package, out, &rel)?;
    let mut manifest = Manifest {
        about: package.about(),
        mcp_servers: None,
    };
    // Gemini CLI replaces the variables in every string of
    // gemini-extension.json, `mcpServers` included, as plain text
    // (google-gemini/gemini-cli docs/extensions/reference.md, "Variables";
    // `loadExtensionConfig` in 0.61.0), and starts a server's `command`
    // without a shell, in its own working folder, the project, when the
    // entry sets no `cwd` (`StdioClientTransport`): no quoting, and spaces
    // and quotes in the path are harmless. It then expands environment
    // variables in the manifest (`resolveEnvVarsInObject`), so an install
    // path holding `$NAME` of a variable that is set would be changed;
    // nothing in the entry can prevent that.
    if let Some(server) = package.mcp_server(&bin(package)) {
        manifest.mcp_servers = Some(Named {
            name: package.name.clone(),
            value: server,
        });
        notes.push(package.mcp_note("registered in gemini-extension.json (`mcpServers`)"));
    }
    out.text("gemini-extension.json", &quote::json(&manifest))?;
    if !package.plan.registrations.is_empty() {
        // Gemini pastes `${extensionPath}` in as text, unquoted: a path
        // holding `"` or `$` would break any quoting in the command. As the
        // value of an environment variable the path is never parsed by the
        // shell, whatever it holds. Gemini (0.61.0, `executeCommandHook`)
        // runs the one `command` with `bash -c`, and on Windows with
        // PowerShell's `-Command` (`getShellConfiguration`), so the line
        // is written for the package's system.
        let hooks = hooks_file(package, |r| HookEntry {
            kind: Command::Command,
            name: &package.name,
            command: os::env_program_line(
                package.os,
                BIN_VAR,
                &["hook", Agent::Gemini.name(), r.event],
            ),
            env: Named {
                name: BIN_VAR.to_owned(),
                value: program.clone(),
            },
            timeout: r.timeout_ms(),
        });
        out.text("hooks/hooks.json", &quote::json(&hooks))?;
        notes.extend(package.os_note(Agent::Gemini));
    }
    skills(package, out)?;
    for command in &package.commands {
        // Command files get no `${extensionPath}`: the binary is found where
        // `gemini extensions install` puts the extension. `{{args}}` inside
        // `!{...}` is replaced shell-escaped, as one word (shell-quote's
        // `quote`), and Gemini asks before it runs the line; `{{args}}`
        // appears nowhere else, where it would be pasted raw.
        let prompt = format!(
            "!{{\"$HOME/.gemini/extensions/{}/bin/{}\" command \"/{} \"{{{{args}}}}}}\n\nShow the output above to the user as it is.\n",
            package.name, package.bin, command.name
        );
        let description = summary(command);
        // JSON's string escapes are TOML's.
        let text = format!(
            "description = {}\nprompt = {}\n",
            quote::string(description),
            quote::string(&prompt),
        );
        out.text(&format!("commands/{}.toml", command.name), &text)?;
    }
    Ok(notes)
}
