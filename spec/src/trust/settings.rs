//! The agents' project settings that can hand environment variables to the
//! processes an agent starts, and which variables each names.
//!
//! What each agent does, read in the versions `scripts/install-agent-clis.sh`
//! pins (the bundles under `target/agent-clis`):
//!
//! | Agent | A project's environment reaches hooks through | Found in |
//! |---|---|---|
//! | Claude Code 2.1.330 | `env` of `.claude/settings.json` and `.claude/settings.local.json`, applied to the processes it starts (hooks included) once the folder is trusted in Claude Code, and in `-p` mode without asking; `.mcp.json` servers' own `env` | the native binary's settings loader (`projectSettings`, `localSettings`: "repo-controllable") |
//! | Gemini CLI 0.61.0 | the first of `.gemini/.env` (trusted folder only) and `.env` found from the working directory up to `/`, then `~/.gemini/.env`, `~/.env`; a variable already set is kept; an untrusted folder passes only its auth variables | `bundle/chunk-DZZAUXYI.js`, `findEnvFile` and `loadEnvironment` |
//! | Qwen Code 0.24.4 | the first of `.qwen/.env` and `.env` from the working directory up to the home folder (trusted folders), and `env` of the merged settings (`.qwen/settings.json`); a variable already set is kept | `chunks/chunk-DYLGEL4Y.js`, `findEnvFiles` and `loadEnvironment` |
//! | Codex 0.169.0 | `.codex/config.toml` of each folder from the project root to the working directory, in a trusted project (`shell_environment_policy.set`, `mcp_servers.<name>.env`); whether hooks get `set` was not determined | the native binary's config layers ("project layers are not ordered from root to cwd") |
//! | Copilot CLI 1.0.102 | `.github/copilot/settings.json` and `.local.json` are repository settings; its hooks run in native code, not determined | `cli-main.js` (`KB = {repo, local}`) |
//! | Pi 0.73.1 | no `env` setting; a project's `.pi/extensions` run as code inside Pi, so such a project can set anything | `dist/core/package-manager.js` (`projectBaseDir`) |
//! | Factory Droid, Cline, Cursor, Kimi Code, OpenCode, goose, Kiro, Windsurf, VS Code, SuperQode | not determined | — |
//!
//! Every file below is read, in every folder a project could occupy
//! ([`UserVars`](super::UserVars) says which), whichever agent runs: a
//! process cannot always tell which agent started it. A variable counts as
//! named when it is a key anywhere in a JSON or TOML file (an `env` block,
//! an MCP server's `env`, `shell_environment_policy.set`, VS Code's
//! `terminal.integrated.env.*`) or a line's name in a dotenv file, in any
//! case. A file that does not parse counts when its text mentions the
//! name. For the agents not determined, and for any way of passing a
//! variable not listed here, the rules that do not depend on a file hold:
//! `TACKLE_TRUST_PROJECT` is never honoured in a process an agent starts,
//! and a relative path is never honoured.

use std::path::Path;

/// How a settings file is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// JSON (JSON with comments counts by its text).
    Json,
    /// TOML.
    Toml,
    /// `NAME=value` lines, as the `dotenv` package reads them.
    Dotenv,
}

/// One project settings file an agent may take environment variables from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setting {
    /// Its path in a project folder.
    pub path: &'static str,
    /// How it is written.
    pub format: Format,
    /// The agents that read it.
    pub agents: &'static str,
}

const fn setting(path: &'static str, format: Format, agents: &'static str) -> Setting {
    Setting {
        path,
        format,
        agents,
    }
}

/// Every project settings file read for the variables it names.
pub const SETTINGS: &[Setting] = &[
    setting(".claude/settings.json", Format::Json, "Claude Code"),
    setting(".claude/settings.local.json", Format::Json, "Claude Code"),
    setting(".mcp.json", Format::Json, "Claude Code"),
    setting(".env", Format::Dotenv, "Gemini CLI, Qwen Code"),
    setting(".gemini/.env", Format::Dotenv, "Gemini CLI"),
    setting(".gemini/settings.json", Format::Json, "Gemini CLI"),
    setting(".qwen/.env", Format::Dotenv, "Qwen Code"),
    setting(".qwen/settings.json", Format::Json, "Qwen Code"),
    setting(".codex/config.toml", Format::Toml, "Codex"),
    setting(".github/copilot/settings.json", Format::Json, "Copilot CLI"),
    setting(
        ".github/copilot/settings.local.json",
        Format::Json,
        "Copilot CLI",
    ),
    setting(".factory/settings.json", Format::Json, "Factory Droid"),
    setting(".factory/mcp.json", Format::Json, "Factory Droid"),
    setting(".cursor/mcp.json", Format::Json, "Cursor"),
    setting(".vscode/settings.json", Format::Json, "VS Code"),
    setting(".vscode/mcp.json", Format::Json, "VS Code"),
    setting(".kiro/settings/mcp.json", Format::Json, "Kiro"),
    setting("opencode.json", Format::Json, "OpenCode"),
    setting("kilo.json", Format::Json, "Kilo Code"),
    setting(".kilo/kilo.json", Format::Json, "Kilo Code"),
    setting(".pi/settings.json", Format::Json, "Pi"),
];

/// Which of `names` the settings file `file` names. Missing, unreadable
/// or oversized: the agent does not apply it either.
pub(crate) fn named_in<'n>(file: &Path, format: Format, names: &[&'n str]) -> Vec<&'n str> {
    let Ok(text) = super::capped::read_text(file) else {
        return Vec::new();
    };
    names
        .iter()
        .copied()
        .filter(|name| match format {
            Format::Json => json_names(&text, name),
            Format::Toml => toml_names(&text, name),
            Format::Dotenv => dotenv_names(&text, name),
        })
        .collect()
}

/// Whether `name` is a key anywhere in the JSON `text`. Text that does
/// not parse counts when it mentions the name at all.
fn json_names(text: &str, name: &str) -> bool {
    // An escape could spell the name, so text with one is parsed.
    names_key(text, name, &["\\u"], |text| serde_json::from_str(text).ok())
}

/// Whether `name` is a key anywhere in the TOML `text`; text that does not
/// parse counts when it mentions the name.
fn toml_names(text: &str, name: &str) -> bool {
    // A quoted key may spell the name with escapes.
    // Read straight into JSON: only the keys matter here.
    names_key(text, name, &["\\u", "\\U"], |text| {
        toml::from_str::<serde_json::Value>(text).ok()
    })
}

/// Whether `name` is a key anywhere in `text` as `parse` reads it (as JSON);
/// text it cannot read counts when it mentions the name.
fn names_key(
    text: &str,
    name: &str,
    escapes: &[&str],
    parse: impl FnOnce(&str) -> Option<serde_json::Value>,
) -> bool {
    // Most files never mention it: no parse for them.
    if !escapes.iter().any(|escape| text.contains(escape)) && !mentions(text, name) {
        return false;
    }
    match parse(text) {
        Some(value) => has_key(&value, name),
        None => mentions(text, name),
    }
}

fn has_key(value: &serde_json::Value, name: &str) -> bool {
    match value {
        serde_json::Value::Object(map) => map
            .iter()
            .any(|(k, v)| k.eq_ignore_ascii_case(name) || has_key(v, name)),
        serde_json::Value::Array(items) => items.iter().any(|v| has_key(v, name)),
        _ => false,
    }
}

fn mentions(text: &str, name: &str) -> bool {
    text.to_ascii_uppercase().contains(name)
}

/// Whether a dotenv file defines `name`: a line `[export] NAME=...` or
/// `NAME: ...`, as the `dotenv` package reads it. A line inside a quoted
/// value may count too: that errs towards ignoring the variable.
fn dotenv_names(text: &str, name: &str) -> bool {
    text.lines().any(|line| {
        let line = line.trim_start();
        let line = line
            .strip_prefix("export")
            .filter(|rest| rest.starts_with(char::is_whitespace))
            .map_or(line, str::trim_start);
        let end = line
            .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-')))
            .unwrap_or(line.len());
        let (key, rest) = line.split_at(end);
        key.eq_ignore_ascii_case(name) && rest.trim_start().starts_with(['=', ':'])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_must_be_whole_keys() {
        assert!(!dotenv_names(
            "JAVA_HOME=/opt/jdk\n# HOME=x\nHOMEDIR=1\n",
            "HOME"
        ));
        assert!(dotenv_names("HOME: /x\n", "HOME"));
        assert!(dotenv_names("export\tHOME=/x\n", "HOME"));
        assert!(!json_names(
            r#"{"env": {"JAVA_HOME": "/opt"}, "x": "HOME"}"#,
            "HOME"
        ));
        assert!(json_names(r#"{"env": {"home": "/x"}}"#, "HOME"));
        assert!(
            json_names(r#"{"env": {"HOME": "/x"},"#, "HOME"),
            "broken text mentioning it"
        );
        assert!(!json_names(r#"{"permissions": {}}"#, "HOME"));
        assert!(!toml_names("[env]\nJAVA_HOME = \"/opt\"\n", "HOME"));
    }

    #[test]
    fn a_key_anywhere_counts() {
        // An MCP server's env, VS Code's terminal env, Codex's shell policy.
        assert!(json_names(
            r#"{"mcpServers": {"tackle": {"command": "t", "env": {"TACKLE_HOME": "h"}}}}"#,
            "TACKLE_HOME"
        ));
        assert!(json_names(
            r#"{"terminal.integrated.env.linux": {"TACKLE_CONFIG": "c"}}"#,
            "TACKLE_CONFIG"
        ));
        assert!(json_names(
            r#"{"a": [{"TACKLE\u005fHOME": 1}]}"#,
            "TACKLE_HOME"
        ));
        assert!(toml_names(
            "[shell_environment_policy.set]\nTACKLE_TRUST_PROJECT = \"1\"\n",
            "TACKLE_TRUST_PROJECT"
        ));
        assert!(toml_names(
            "[mcp_servers.t.env]\n\"tackle_agent_dir\" = \"sub\"\n",
            "TACKLE_AGENT_DIR"
        ));
        assert!(toml_names("not = [toml\nTACKLE_HOME", "TACKLE_HOME"));
    }
}
