//! Where `install` puts Pi's extension.

use crate::install::InstallError;
use crate::install::targets::{Install, Site, Target};

/// Pi's install.
pub(crate) const INSTALL: Install = Install::new(
    targets,
    "Pi loads the extension when it starts (`/reload` in a session)",
);

/// Pi loads every file of `<project>/.pi/extensions/` and
/// `~/.pi/agent/extensions/` (0.73.1, `getAgentDir` and the resource
/// loader).
fn targets(site: &Site<'_>) -> Result<Vec<Target>, InstallError> {
    let user = site.home().join(".pi/agent");
    Ok(vec![site.shim(
        ".pi",
        user,
        &format!("extensions/{}.ts", site.name),
    )?])
}
