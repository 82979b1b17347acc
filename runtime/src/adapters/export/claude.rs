//! Claude Code: a plugin folder (`.claude-plugin/plugin.json`,
//! `hooks/hooks.json`, `skills/`, `commands/`, the binary in `bin/`).

use serde_json::{Map, Value, json};

use super::ExportError;
use super::package::Package;
use super::plan::Registration;
use super::quote;
use super::write::Out;

/// The binary as Claude's commands name it. Claude replaces the placeholder
/// with the plugin's path as text, so it sits inside double quotes: a path
/// with spaces stays one word.
fn bin(package: &Package<'_>) -> String {
    format!("\"${{CLAUDE_PLUGIN_ROOT}}/bin/{}\"", package.bin)
}

pub(super) fn write(package: &Package<'_>, out: &mut Out) -> Result<(), ExportError> {
    out.executable(&format!("bin/{}", package.bin), package.binary)?;
    let manifest = json!({
        "name": package.name,
        "version": package.version,
        "description": package.description,
        // `claude plugin validate --strict` wants an author, as an object.
        "author": {"name": package.name},
    });
    out.text(".claude-plugin/plugin.json", &quote::json(&manifest))?;
    if !package.plan.registrations.is_empty() {
        let hooks = hooks_file(package, |r| {
            json!({
                "type": "command",
                "command": format!("{} hook claude {}", bin(package), r.event),
                "timeout": r.timeout_secs(),
            })
        });
        out.text("hooks/hooks.json", &quote::json(&hooks))?;
    }
    if let Some(server) = package.mcp_server() {
        let servers = json!({"mcpServers": {package.name.clone(): server}});
        out.text(".mcp.json", &quote::json(&servers))?;
    }
    skills(package, out)?;
    for command in &package.commands {
        let text = format!(
            "---\ndescription: {}\nallowed-tools: {}\n---\n!`{} command '/{} $ARGUMENTS'`\n\nShow the output above to the user as it is.\n",
            quote::string(first_line(command.description)),
            quote::string(&format!("Bash({} command:*)", bin(package))),
            bin(package),
            command.name,
        );
        out.text(&format!("commands/{}.md", command.name), &text)?;
    }
    Ok(())
}

/// `{"hooks": {EVENT: [{"matcher": ..., "hooks": [ENTRY]}]}}`, the shape
/// Claude Code, Codex and Gemini CLI share; `entry` writes each command.
pub(super) fn hooks_file(package: &Package<'_>, entry: impl Fn(&Registration) -> Value) -> Value {
    let agent = package.plan.agent;
    let mut events = Map::new();
    for registration in &package.plan.registrations {
        let mut group = Map::new();
        if let Some(matcher) = registration.filter.matcher(agent) {
            group.insert("matcher".into(), json!(matcher));
        }
        group.insert("hooks".into(), json!([entry(registration)]));
        events.insert(registration.event.to_owned(), json!([group]));
    }
    json!({ "hooks": events })
}

/// Each skill as `skills/<name>/SKILL.md`, the file as written.
pub(super) fn skills(package: &Package<'_>, out: &mut Out) -> Result<(), ExportError> {
    for skill in &package.skills {
        out.text(&format!("skills/{}/SKILL.md", skill.name), skill.source)?;
    }
    Ok(())
}

/// A command's description for a manifest: its first line, or a default.
pub(super) fn first_line(description: &str) -> &str {
    description
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("A tackle slash command")
}
