//! Where `install` puts OpenCode's plugin.

use crate::install::InstallError;
use crate::install::targets::{Install, Site, Target};

/// OpenCode's install.
pub(crate) const INSTALL: Install =
    Install::new(targets, "OpenCode loads the plugin when it starts");

/// OpenCode loads every file of `<project>/.opencode/plugins/` and
/// `~/.config/opencode/plugins/`.
fn targets(site: &Site<'_>) -> Result<Vec<Target>, InstallError> {
    let user = site.options.config_dir.join("opencode");
    Ok(vec![site.shim(
        ".opencode",
        user,
        &format!("plugins/{}.js", site.name),
    )?])
}
