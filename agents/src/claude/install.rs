//! Where `install` puts Claude Code's hooks and its MCP server.

use std::path::Path;

use serde_json::{Map, Value};

use crate::install::InstallError;
use crate::install::merge::Section;
use crate::install::targets::{Edit, Install, ServerForm, Site, Target, exported_hooks};

/// Claude Code's install.
pub(crate) const INSTALL: Install = Install::new(
    targets,
    "Claude Code reads settings hooks when a session starts: start a new session; in a project, accept its trust dialog",
);

/// Settings hooks rather than a plugin: a plugin needs a marketplace
/// Claude Code fetches and caches itself, while `hooks` in a settings file
/// is read as it is. `settings.local.json` in a project: it is the user's
/// own (git-ignored by Claude Code), and the entries name the binary by an
/// absolute path that is only true on this machine. The server goes into
/// the user's `~/.claude.json`.
fn targets(site: &Site<'_>) -> Result<Vec<Target>, InstallError> {
    let config = site.scoped(
        site.home().join(".claude/settings.json"),
        ".claude/settings.local.json",
    );
    let mut all = vec![Target {
        config,
        edit: Edit::Merge {
            section: Section::Hooks,
            skeleton: Map::new(),
            fragment: hooks(site.exported, site.installed)?,
            // `http` entries name no binary: their status line is the
            // package's.
            markers: site
                .bins
                .markers(|b| site.installed_bin(b).to_string_lossy().into_owned())
                .into_iter()
                .chain([super::export::status_message(site.name)])
                .collect(),
            pins: Vec::new(),
        },
    }];
    if site.is_user() {
        all.push(site.server(
            site.home().join(".claude.json"),
            ".mcp.json",
            ServerForm::Json,
        )?);
    }
    Ok(all)
}

/// Claude Code's hook entries of the package exported to `exported`
/// (`{EVENT: [group, ...]}`), naming the folder it is installed at in
/// place of `${CLAUDE_PLUGIN_ROOT}`, which only a plugin gets.
pub(crate) fn hooks(exported: &Path, installed: &Path) -> Result<Map<String, Value>, InstallError> {
    let root = installed.to_string_lossy();
    exported_hooks(&exported.join("hooks/hooks.json"), |s| {
        s.replace("${CLAUDE_PLUGIN_ROOT}", &root)
    })
}
