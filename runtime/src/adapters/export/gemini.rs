//! Gemini CLI: an extension folder (`gemini-extension.json`,
//! `hooks/hooks.json` with timeouts in milliseconds, `commands/*.toml`,
//! `skills/`, the binary in `bin/`).

use serde_json::json;

use super::ExportError;
use super::claude::{hooks_file, skills};
use super::package::{Package, summary};
use super::quote;
use super::write::Out;

/// The variable each hook's `env` sets to the binary's path.
const BIN_VAR: &str = "TACKLE_BIN";

pub(super) fn write(package: &Package<'_>, out: &mut Out) -> Result<(), ExportError> {
    out.executable(&format!("bin/{}", package.bin), package.binary)?;
    let mut manifest = json!({
        "name": package.name,
        "version": package.version,
        "description": package.description,
    });
    if let Some(server) = package.mcp_server() {
        manifest["mcpServers"] = json!({package.name.clone(): server});
    }
    out.text("gemini-extension.json", &quote::json(&manifest))?;
    if !package.plan.registrations.is_empty() {
        // Gemini pastes `${extensionPath}` in as text, unquoted: a path
        // holding `"` or `$` would break any quoting in the command. As the
        // value of an environment variable the path is never parsed by the
        // shell, whatever it holds.
        let hooks = hooks_file(package, |r| {
            json!({
                "type": "command",
                "name": package.name,
                "command": format!("\"${BIN_VAR}\" hook gemini {}", r.event),
                "env": {BIN_VAR: format!("${{extensionPath}}${{/}}bin${{/}}{}", package.bin)},
                "timeout": r.timeout_ms(),
            })
        });
        out.text("hooks/hooks.json", &quote::json(&hooks))?;
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
    Ok(())
}
