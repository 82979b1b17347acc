//! Codex: a plugin folder (`.codex-plugin/plugin.json`, `hooks/hooks.json`
//! whose root holds nothing but `hooks`, `skills/`, the binary in `bin/`).

use serde_json::json;

use super::ExportError;
use super::claude::{hooks_file, skills};
use super::package::Package;
use super::quote;
use super::write::Out;

pub(super) fn write(package: &Package<'_>, out: &mut Out) -> Result<(), ExportError> {
    out.executable(&format!("bin/{}", package.bin), package.binary)?;
    let mut manifest = json!({
        "name": package.name,
        "version": package.version,
        "description": package.description,
    });
    if !package.plan.registrations.is_empty() {
        // Codex sets `PLUGIN_ROOT` for plugin hooks; the shell expands it,
        // so any path works inside the double quotes.
        let hooks = hooks_file(package, |r| {
            json!({
                "type": "command",
                "command": format!("\"$PLUGIN_ROOT/bin/{}\" hook codex {}", package.bin, r.event),
                "timeout": r.timeout_secs(),
            })
        });
        out.text("hooks/hooks.json", &quote::json(&hooks))?;
        manifest["hooks"] = json!("./hooks/hooks.json");
    }
    if !package.skills.is_empty() {
        skills(package, out)?;
        manifest["skills"] = json!("./skills/");
    }
    out.text(".codex-plugin/plugin.json", &quote::json(&manifest))
}
