//! Where `install` puts Windsurf's hooks and its MCP server.

use serde_json::Map;

use super::export::{HOOKS_FILE, MCP_FILE};
use crate::install::InstallError;
use crate::install::targets::{Install, ServerForm, Site, Target};

/// Windsurf's install.
pub(crate) const INSTALL: Install = Install::new(
    targets,
    "Windsurf reads hooks.json when Cascade starts a task",
);

/// Windsurf reads `hooks.json` in the workspace's `.windsurf/` and in
/// `~/.codeium/windsurf/` (docs.windsurf.com, Cascade hooks), and runs
/// each command through the shell; its MCP servers are the user's alone.
fn targets(site: &Site<'_>) -> Result<Vec<Target>, InstallError> {
    let user = site.home().join(".codeium/windsurf");
    let hooks = site.scoped(user.join("hooks.json"), ".windsurf/hooks.json");
    let mut all = vec![site.shell_hooks(hooks, HOOKS_FILE, Map::new())?];
    if site.is_user() {
        all.push(site.server(user.join(MCP_FILE), MCP_FILE, ServerForm::Json)?);
    }
    Ok(all)
}
