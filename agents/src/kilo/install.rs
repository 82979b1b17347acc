//! Where `install` puts Kilo Code's plugin.

use super::export::DIR;
use crate::install::InstallError;
use crate::install::targets::{Install, Site, Target};

/// Kilo Code's install.
pub(crate) const INSTALL: Install =
    Install::new(targets, "Kilo Code loads the plugin when it starts");

/// Kilo Code loads every file of `<project>/.kilo/plugins/` and
/// `~/.config/kilo/plugins/` (`$XDG_CONFIG_HOME`), never OpenCode's.
fn targets(site: &Site<'_>) -> Result<Vec<Target>, InstallError> {
    let user = site.options.config_dir.join("kilo");
    Ok(vec![site.shim(
        DIR,
        user,
        &format!("plugins/{}.js", site.name),
    )?])
}
