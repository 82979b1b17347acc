//! VS Code: `.github/hooks/<name>-vscode.json` (`hooks`, Claude Code's
//! event names, each command `{type, command, windows, timeout}`), the
//! binary in `.github/hooks/bin/`, written into the repository's root.
//!
//! VS Code runs a workspace hook in the repository's root, so the
//! commands name the binary relative to it. `command` is the POSIX form
//! (Linux and macOS); `windows` overrides it on Windows with the path in
//! the form both PowerShell and `cmd` run (`.\dir\bin`). The file has its
//! own name so that a Copilot CLI package (`.github/hooks/<name>.json`,
//! which VS Code also reads) is not overwritten; export one of the two
//! into a repository, not both, or each event runs twice.

use serde::Serialize;

use crate::Agent;
use crate::export::ExportError;
use crate::export::files::{Command, Ordered};
use crate::export::package::Package;
use crate::export::quote;
use crate::export::write::Out;

/// The folder VS Code reads hook files from.
const HOOKS_DIR: &str = ".github/hooks";

/// `.github/hooks/<name>-vscode.json`.
#[derive(Serialize)]
struct HooksFile {
    hooks: Ordered<[HookEntry; 1]>,
}

/// One hook command, with its Windows form.
#[derive(Serialize)]
pub(crate) struct HookEntry {
    #[serde(rename = "type")]
    kind: Command,
    /// Linux and macOS.
    pub(crate) command: String,
    /// Windows' override.
    pub(crate) windows: String,
    /// In seconds.
    timeout: u64,
}

/// The note every VS Code package with hooks gets.
pub(crate) const TRUST_NOTE: &str = "VS Code runs a workspace's hooks only in a trusted workspace with agent hooks enabled (Preview: `chat.hooks.enabled`; an organization can turn them off by policy); hook files are listed under Chat: Open Customizations";

/// Writes the hooks file and the binary; returns what the user should know.
pub(crate) fn write(package: &Package<'_>, out: &mut Out) -> Result<Vec<String>, ExportError> {
    let mut notes = Vec::new();
    let bin = format!("{HOOKS_DIR}/bin/{}", package.bin);
    crate::export::binary::write_binary(package, out, &bin)?;
    // A multi-platform package's Windows form starts the `.cmd` launcher
    // beside the `sh` one, which picks the build for the architecture.
    let runs = package.for_hooks();
    let hook_bin = format!("{HOOKS_DIR}/bin/{}", runs.bin);
    let win_bin = if runs.has_windows() {
        format!("{hook_bin}.cmd")
    } else {
        hook_bin.clone()
    };
    let events = package
        .plan
        .registrations
        .iter()
        .map(|r| {
            let entry = entry(&hook_bin, &win_bin, r.event, r.timeout_secs());
            (r.event, [entry])
        })
        .collect();
    let file = HooksFile {
        hooks: Ordered(events),
    };
    out.text(
        &format!("{HOOKS_DIR}/{}-vscode.json", package.name),
        &quote::json(&file),
    )?;
    if !package.plan.registrations.is_empty() {
        notes.push(TRUST_NOTE.to_owned());
    }
    // VS Code reads MCP servers from `.vscode/mcp.json` (`{"servers":
    // {...}}`); a repository's own file is not rewritten: say what to add.
    if let Some(server) = package.mcp_server(&format!("${{workspaceFolder}}/{bin}")) {
        notes.push(package.mcp_note(&format!(
            "not registered: add {{\"type\": \"stdio\", \"command\": {}, \"args\": [\"mcp\"]}} under `servers` in .vscode/mcp.json",
            quote::string(&server.command)
        )));
    }
    Ok(notes)
}

/// The command of `event`: `bin` by its path from the repository's root
/// in the POSIX form, and `win_bin` (the same binary, or the `.cmd`
/// launcher of a multi-platform package) in the Windows one.
pub(crate) fn entry(bin: &str, win_bin: &str, event: &str, timeout: u64) -> HookEntry {
    let agent = Agent::VsCode.name();
    let posix = if bin
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "._-/".contains(c))
    {
        format!("./{bin}")
    } else {
        quote::shell(&format!("./{bin}"))
    };
    let windows = format!(".\\{}", win_bin.replace('/', "\\"));
    let windows = if windows.contains([' ', '\'', '&', '(', ')', ';', ',']) {
        // PowerShell's call operator on a single-quoted path; cmd has no
        // such quoting, so a folder that needs it must be plain there.
        format!("& '{}'", windows.replace('\'', "''"))
    } else {
        windows
    };
    HookEntry {
        kind: Command::Command,
        command: format!("{posix} hook {agent} {event}"),
        windows: format!("{windows} hook {agent} {event}"),
        timeout,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_has_a_posix_and_a_windows_form() {
        let e = entry(
            ".github/hooks/bin/my-host",
            ".github/hooks/bin/my-host",
            "PreToolUse",
            7,
        );
        assert_eq!(
            e.command,
            "./.github/hooks/bin/my-host hook vscode PreToolUse"
        );
        assert_eq!(
            e.windows,
            ".\\.github\\hooks\\bin\\my-host hook vscode PreToolUse"
        );
        let e = entry(
            ".github/hooks/bin/it's host.exe",
            ".github/hooks/bin/it's host.exe",
            "Stop",
            7,
        );
        assert_eq!(
            e.command,
            "'./.github/hooks/bin/it'\\''s host.exe' hook vscode Stop"
        );
        assert_eq!(
            e.windows,
            "& '.\\.github\\hooks\\bin\\it''s host.exe' hook vscode Stop"
        );
        let e = entry(
            ".github/hooks/bin/my-host",
            ".github/hooks/bin/my-host.cmd",
            "Stop",
            7,
        );
        assert_eq!(e.command, "./.github/hooks/bin/my-host hook vscode Stop");
        assert_eq!(
            e.windows,
            ".\\.github\\hooks\\bin\\my-host.cmd hook vscode Stop"
        );
    }
}
