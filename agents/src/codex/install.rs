//! Where `install` puts Codex's hooks and its MCP server.

use std::path::Path;

use serde_json::{Map, Value};

use super::export::{PLUGIN_ROOT_CMD, windows_program};
use crate::export::quote;
use crate::install::InstallError;
use crate::install::merge::Section;
use crate::install::targets::{Edit, Install, ServerForm, Site, Target, exported_hooks};

/// Codex's install.
///
/// Codex 0.169.0 lists a hook of hooks.json as `untrusted` and skips
/// it, without a word, until `hooks.state."<file>:<event>:<group>:
/// <handler>".trusted_hash` in the user's config.toml holds its current
/// hash (of its event, matcher, command and timeout). That is the
/// user's consent to run a command, given in Codex: install does not
/// give it for them. A reinstall keeps the entries where they were, so
/// their keys, and, while the package's hooks stay the same, their
/// hashes and the trust.
pub(crate) const INSTALL: Install = Install::new(
    targets,
    "Codex runs these hooks only once you trust them, and skips untrusted ones without a word: start `codex`, type /hooks and trust them (once; again after an install that changes them). In a project, Codex reads .codex/ only once the project is trusted",
);

/// Codex 0.169.0 reads `hooks.json` (Claude Code's shape) beside each
/// config layer's config.toml: `$CODEX_HOME/hooks.json` for the user and
/// `<project>/.codex/hooks.json` for a trusted project (its app server's
/// `hooks/list` lists them with `sourcePath` there). The server is a
/// `[mcp_servers.NAME]` table of that config.toml.
fn targets(site: &Site<'_>) -> Result<Vec<Target>, InstallError> {
    let home = &site.options.codex_home;
    let config = site.scoped(home.join("hooks.json"), ".codex/hooks.json");
    Ok(vec![
        Target {
            config,
            edit: Edit::Merge {
                section: Section::Hooks,
                skeleton: Map::new(),
                fragment: hooks(site.exported, site.installed, site.bins.hooks)?,
                markers: site.shell_markers(),
                pins: Vec::new(),
            },
        },
        site.server(
            site.scoped(home.join("config.toml"), ".codex/config.toml"),
            ".mcp.json",
            ServerForm::Tables,
        )?,
    ])
}

/// Codex's hook entries of the package exported to `exported`, running
/// `bin` installed at `installed`: outside a plugin no `PLUGIN_ROOT` is
/// set, so `"$PLUGIN_ROOT/bin/<bin>"` becomes the installed binary's path,
/// one single-quoted word, and in `commandWindows` (written when install
/// runs on Windows) `"%PLUGIN_ROOT%\bin\<bin>.exe"` the installed `.exe`,
/// quoted for cmd.
pub(crate) fn hooks(
    exported: &Path,
    installed: &Path,
    bin: &str,
) -> Result<Map<String, Value>, InstallError> {
    let from = format!("\"$PLUGIN_ROOT/bin/{bin}\"");
    let to = quote::shell(&installed.join("bin").join(bin).to_string_lossy());
    // Installed on Windows, the binary is `<bin>.exe` itself.
    let from_windows = windows_program(PLUGIN_ROOT_CMD, bin);
    let to_windows = windows_program(&installed.to_string_lossy(), bin);
    exported_hooks(&exported.join("hooks/hooks.json"), |s| {
        s.replace(&from, &to).replace(&from_windows, &to_windows)
    })
}
