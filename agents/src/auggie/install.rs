//! Where `install` puts Auggie's hooks.

use serde_json::Map;

use super::export::{FILE, command};
use crate::install::InstallError;
use crate::install::merge::Section;
use crate::install::targets::{Edit, Install, Site, Target, exported_hooks};

/// Auggie's install.
pub(crate) const INSTALL: Install = Install::new(
    targets,
    "Auggie reads its settings' hooks when it starts, if Augment has turned hooks on for your account; an `ask` of a hook is answered with a refusal, since Auggie reads none",
);

/// Auggie reads the hooks of `/etc/augment/settings.json`, the user's
/// `~/.augment/settings.json` (the home's: no variable moves it), then
/// the workspace root's `.augment/settings.local.json` and
/// `.augment/settings.json`. A project's entries go in
/// `settings.local.json`: they name the binary by an absolute path that
/// is only true on this machine. The entries go after the user's, naming
/// the installed binary.
fn targets(site: &Site<'_>) -> Result<Vec<Target>, InstallError> {
    let config = site.scoped(
        site.home().join(".augment").join(FILE),
        ".augment/settings.local.json",
    );
    let bin = site.bins.hooks;
    let from = command(&site.exported.join("bin").join(bin));
    let to = command(&site.installed_bin(bin));
    let fragment = exported_hooks(&site.exported.join(FILE), |s| {
        if s == from { to.clone() } else { s.to_owned() }
    })?;
    Ok(vec![Target {
        config,
        edit: Edit::Merge {
            section: Section::Hooks,
            skeleton: Map::new(),
            fragment,
            markers: site.bins.markers(|b| command(&site.installed_bin(b))),
            pins: Vec::new(),
        },
    }])
}
