//! Where `install` puts Cursor's hooks and its MCP server.

use serde_json::{Map, Value};

use crate::install::InstallError;
use crate::install::targets::{Install, ServerForm, Site, Target};

/// Cursor's install.
pub(crate) const INSTALL: Install =
    Install::new(targets, "Cursor reloads hooks.json when it changes");

/// Cursor reads `hooks.json` beside its settings, and runs each command
/// through the shell; its MCP servers are in `mcp.json` beside.
fn targets(site: &Site<'_>) -> Result<Vec<Target>, InstallError> {
    let mut skeleton = Map::new();
    skeleton.insert("version".to_owned(), Value::from(1));
    let hooks = site.scoped(site.home().join(".cursor/hooks.json"), ".cursor/hooks.json");
    let mcp = site.scoped(site.home().join(".cursor/mcp.json"), ".cursor/mcp.json");
    Ok(vec![
        site.shell_hooks(hooks, "hooks.json", skeleton)?,
        site.server(mcp, "mcp.json", ServerForm::Json)?,
    ])
}
