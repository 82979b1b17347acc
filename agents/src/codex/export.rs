//! Codex: a plugin folder (`.codex-plugin/plugin.json`, `hooks/hooks.json`
//! whose root holds nothing but `hooks`, `.mcp.json` when the plugins have
//! tools, `skills/`, the binary in `bin/`).

use std::collections::BTreeMap;

use serde::Serialize;
use tackle_host::served_hooks::HOOK_TOOL;

use crate::Agent;
use crate::claude::export::{hooks_file, skills};
use crate::export::files::{About, Command, McpServers};
use crate::export::package::Package;
use crate::export::plan::Registration;
use crate::export::quote;
use crate::export::write::Out;
use crate::export::{ExportError, HookRoute};

/// The MCP server's file, named by the manifest's `mcpServers`.
const MCP_FILE: &str = ".mcp.json";

/// The plugin's manifest, `.codex-plugin/plugin.json`: the package's
/// files, each by a `./` path.
#[serde_with::skip_serializing_none]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Manifest<'a> {
    #[serde(flatten)]
    about: About<'a>,
    hooks: Option<&'static str>,
    skills: Option<&'static str>,
    mcp_servers: Option<String>,
}

/// One hook: a command, or a call of the package's MCP server.
#[derive(Serialize)]
#[serde(untagged)]
enum HookEntry {
    Command(CommandHook),
    McpTool(McpToolHook),
}

/// `tackle_hook` on the package's MCP server (its key in `.mcp.json`).
/// Codex 0.169.0 calls it on the server it has connected, a lone
/// `${field}` keeping the field's JSON type, and reads the call's text as
/// a command hook's stdout (read live).
#[derive(Serialize)]
struct McpToolHook {
    #[serde(rename = "type")]
    kind: McpTool,
    server: String,
    tool: &'static str,
    input: McpToolInput,
    timeout: u64,
}

/// The `type` of an [`McpToolHook`].
#[derive(Serialize)]
#[serde(rename_all = "snake_case")]
enum McpTool {
    McpTool,
}

/// `tackle_hook`'s arguments: every field is JSON, as Codex keeps types;
/// and the package's hook key, which proves the call comes from here.
#[derive(Serialize)]
struct McpToolInput {
    agent: &'static str,
    event: &'static str,
    json: BTreeMap<&'static str, String>,
    key: String,
}

/// The events whose hooks call the package's server with `--hooks-via
/// mcp`, and the fields each names. Codex fails a hook whose input names
/// a field the event lacks, so these are the fields Codex 0.169.0 sent
/// live (`tests/fixtures/agents/codex/*.live-0.169.0-shell.json`) that
/// tackle reads; the other events stay processes.
const MCP_TOOL_EVENTS: &[(&str, &[&str])] = &[
    ("PreToolUse", TOOL_FIELDS),
    ("PostToolUse", POST_TOOL_FIELDS),
];

/// The fields of a `PreToolUse`.
const TOOL_FIELDS: &[&str] = &[
    "session_id",
    "turn_id",
    "cwd",
    "hook_event_name",
    "tool_name",
    "tool_input",
    "tool_use_id",
];

/// The fields of a `PostToolUse`.
const POST_TOOL_FIELDS: &[&str] = &[
    "session_id",
    "turn_id",
    "cwd",
    "hook_event_name",
    "tool_name",
    "tool_input",
    "tool_response",
    "tool_use_id",
];

/// What the export says when hooks go to the package's server.
const MCP_NOTE: &str = "Codex lets an event through when its mcp_tool hook fails (the server not connected, a timeout, an error), so only PreToolUse and PostToolUse call the package's MCP server, and only where no fail-closed hook waits; the other events stay processes";

/// The `mcp_tool` hook of registration `r` with `--hooks-via mcp`;
/// `None` where it stays a process: another route, an event not in
/// [`MCP_TOOL_EVENTS`], or one a fail-closed hook waits at, since Codex
/// lets the event through when the call fails.
fn mcp_tool_hook(package: &Package<'_>, r: &Registration) -> Option<McpToolHook> {
    if package.hooks_via != HookRoute::Mcp || r.closed.is_some() {
        return None;
    }
    let &(event, fields) = MCP_TOOL_EVENTS.iter().find(|(e, _)| *e == r.event)?;
    Some(McpToolHook {
        kind: McpTool::McpTool,
        server: package.name.clone(),
        tool: HOOK_TOOL,
        input: McpToolInput {
            agent: Agent::Codex.name(),
            event,
            json: fields.iter().map(|&f| (f, format!("${{{f}}}"))).collect(),
            key: package.hook_key_text(),
        },
        timeout: r.timeout_secs(),
    })
}

/// One hook command: a shell line.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CommandHook {
    #[serde(rename = "type")]
    kind: Command,
    command: String,
    /// What Codex runs instead of `command` on Windows: the `.cmd`
    /// launcher, when the package ships a Windows build (the `.exe`,
    /// exported on Windows without `--bin`).
    #[serde(skip_serializing_if = "Option::is_none")]
    command_windows: Option<String>,
    timeout: u64,
}

/// The Windows form of a hook command. Codex runs a hook's
/// `commandWindows` (`command` when it has none) with `%COMSPEC% /C`,
/// cmd.exe, passing the line whole inside one more pair of quotes, which
/// cmd strips (openai/codex `codex-rs/hooks/src/engine/command_runner.rs`;
/// the raw quoting since openai/codex#33926, in 0.147.0 and later). It sets
/// `PLUGIN_ROOT` for a plugin's hooks on every system, which cmd expands
/// inside the quotes, as Codex's own bundled plugin names its `.exe`
/// (`"%PLUGIN_ROOT%\bin\..."`).
fn windows_command(file: &str, event: &str) -> String {
    format!(
        "{} hook {} {event}",
        windows_program(PLUGIN_ROOT_CMD, file),
        Agent::Codex.name()
    )
}

/// The plugin's folder in a cmd.exe line.
pub(crate) const PLUGIN_ROOT_CMD: &str = "%PLUGIN_ROOT%";

/// `file` (the `.cmd` launcher or the `.exe`) in the `bin` folder of a
/// package whose folder is `root`, quoted for cmd.
pub(crate) fn windows_program(root: &str, file: &str) -> String {
    quote::cmd(&format!("{root}\\bin\\{file}"))
}

/// Writes the plugin; returns what the user should know.
pub(crate) fn write(package: &Package<'_>, out: &mut Out) -> Result<Vec<String>, ExportError> {
    let mut notes = Vec::new();
    let rel = format!("bin/{}", package.bin);
    crate::export::binary::write_binary(package, out, &rel)?;
    let mut manifest = Manifest {
        about: package.about(),
        hooks: None,
        skills: None,
        mcp_servers: None,
    };
    if !package.plan.registrations.is_empty() {
        // Codex sets `PLUGIN_ROOT` for plugin hooks; the shell expands it,
        // so any path works inside the double quotes.
        let runs = package.for_hooks();
        let hooks = hooks_file(package, |r| match mcp_tool_hook(package, r) {
            Some(hook) => HookEntry::McpTool(hook),
            None => HookEntry::Command(CommandHook {
                kind: Command::Command,
                command: format!(
                    "\"$PLUGIN_ROOT/bin/{}\" hook {} {}",
                    runs.bin,
                    Agent::Codex.name(),
                    r.event
                ),
                command_windows: runs
                    .windows_file(package.os)
                    .map(|file| windows_command(&file, r.event)),
                timeout: r.timeout_secs(),
            }),
        });
        if package.serves_hooks() {
            notes.push(MCP_NOTE.to_owned());
        }
        out.text("hooks/hooks.json", &quote::json(&hooks))?;
        manifest.hooks = Some("./hooks/hooks.json");
        notes.push(trust_note(&package.name, package.plan.registrations.len()));
    }
    if !package.skills.is_empty() {
        skills(package, out)?;
        manifest.skills = Some("./skills/");
    }
    // The manifest's `mcpServers` names a `./` path to a file of the shape
    // `{"mcpServers": {NAME: {command, args}}}` (openai/codex
    // codex-rs/core/src/plugins/manifest.rs and codex-mcp/src/
    // plugin_config.rs). Codex starts the command without a shell and, in
    // a `.codex-plugin` plugin, replaces no variable in it: unlike its
    // hooks, the server gets no `PLUGIN_ROOT` (openai/codex#35762; in
    // 0.169.0 `codex mcp list` shows `${PLUGIN_ROOT}/bin/x` unexpanded),
    // and a relative `cwd`, the only thing rooted at the
    // plugin, would run the server in the plugin's folder rather than the
    // project, where it finds `tackle.toml`. So the command is the
    // binary's absolute path, as Kimi's hooks name it.
    let command = out.root().join(&rel).to_string_lossy().into_owned();
    if let Some(server) = package.mcp_server(&command) {
        let servers = McpServers::one(&package.name, server);
        out.text(MCP_FILE, &quote::json(&servers))?;
        manifest.mcp_servers = Some(format!("./{MCP_FILE}"));
        notes.push(package.mcp_note(&format!(
            "registered in {MCP_FILE} with the binary's absolute path, since Codex expands no variable in a plugin's MCP command: export again if you move the folder"
        )));
    }
    out.text(".codex-plugin/plugin.json", &quote::json(&manifest))?;
    Ok(notes)
}

/// What the user must do before Codex runs the hooks: Codex runs a
/// plugin's hook only once `hooks.state."<plugin>@<marketplace>:hooks/
/// hooks.json:<event>:<group>:<handler>"` in `~/.codex/config.toml`
/// holds its hash, and skips an untrusted or changed one without a word
/// (openai/codex `codex-rs/hooks/src/engine/discovery.rs`: the hash of the
/// hook's event, matcher, command and timeout; 0.169.0 adds a
/// `trusted_content_hash` of the plugin's files, its `hooks/list` giving
/// both as `currentHash`). `/hooks` in the TUI is how a user trusts them:
/// it lists them (`hooks/list`) and writes their hashes
/// (`config/batchWrite`).
fn trust_note(name: &str, hooks: usize) -> String {
    let them = if hooks == 1 { "it" } else { "them" };
    format!(
        "Codex runs these {hooks} hook(s) only once you trust {them}, and skips untrusted ones without a word: after `codex plugin add {name}@<marketplace>`, start `codex`, type `/hooks` and trust {name}'s hooks (unattended, do what /hooks does through `codex app-server`: `hooks/list`, then `config/batchWrite` each hook's `currentHash` to `hooks.state.<key>.trusted_hash`); exporting again changes their hash, so trust them again"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The whole path is one cmd word, whatever it holds: spaces,
    /// parentheses and `&` stay inside the quotes, which cmd keeps once it
    /// has stripped the pair Codex adds around the line.
    #[test]
    fn the_windows_form_is_one_quoted_cmd_word() {
        assert_eq!(
            windows_command("my-host.cmd", "PreToolUse"),
            r#""%PLUGIN_ROOT%\bin\my-host.cmd" hook codex PreToolUse"#
        );
        assert_eq!(
            windows_program(r"C:\Users\A B\Tools (x86) & co", "my-host.exe"),
            r#""C:\Users\A B\Tools (x86) & co\bin\my-host.exe""#
        );
    }

    #[test]
    fn every_field_an_mcp_tool_hook_names_is_one_codex_sent_live() {
        // Codex fails a hook whose input names a field the event lacks.
        for &(event, fields) in MCP_TOOL_EVENTS {
            let file = format!(
                "{}/../tests/fixtures/agents/codex/{event}.live-0.169.0-shell.json",
                env!("CARGO_MANIFEST_DIR")
            );
            let text = std::fs::read_to_string(&file).expect("the live fixture");
            let sent: serde_json::Map<String, serde_json::Value> =
                serde_json::from_str(&text).expect("JSON");
            for field in fields {
                assert!(
                    sent.get(*field).is_some_and(|v| !v.is_null()),
                    "{event}: Codex did not send `{field}`"
                );
            }
        }
    }
}
