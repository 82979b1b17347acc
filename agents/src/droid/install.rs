//! Where `install` puts Factory Droid's hooks and its MCP server.

use std::path::Path;

use serde_json::{Map, Value};

use crate::install::InstallError;
use crate::install::merge::Section;
use crate::install::targets::{Edit, Install, ServerForm, Site, Target, exported_hooks, moved};

/// Factory Droid's install.
pub(crate) const INSTALL: Install = Install::new(
    targets,
    "Factory Droid's TUI runs no hook in a folder it does not trust yet: trust the project when Droid asks (`droid exec` has no such gate)",
);

/// Factory Droid 0.225 reads `hooks` (Claude Code's shape) from its
/// settings files as well as from plugins: `~/.factory/settings.json` for
/// the user, `<project>/.factory/settings.json` for a project (read live:
/// `droid exec` runs no hook of a project's settings.local.json). The
/// exported commands name the binary by its absolute path. Its MCP servers
/// are in `mcp.json` beside.
fn targets(site: &Site<'_>) -> Result<Vec<Target>, InstallError> {
    let config = site.scoped(
        site.home().join(".factory/settings.json"),
        ".factory/settings.json",
    );
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
            site.scoped(site.home().join(".factory/mcp.json"), ".factory/mcp.json"),
            "mcp.json",
            ServerForm::Json,
        )?,
    ])
}

/// Factory Droid's hook entries of the package exported to `exported`,
/// naming `bin` installed at `installed` by its absolute path.
pub(crate) fn hooks(
    exported: &Path,
    installed: &Path,
    bin: &str,
) -> Result<Map<String, Value>, InstallError> {
    exported_hooks(&exported.join("hooks/hooks.json"), |s| {
        moved(s, exported, installed, bin, &["bin"])
    })
}
