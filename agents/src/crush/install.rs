//! Where `install` puts Crush's hooks.

use serde_json::Map;

use super::export::FILE;
use crate::install::InstallError;
use crate::install::merge::Section;
use crate::install::targets::{Edit, Install, Site, Target, exported_hooks, moved};

/// Crush's install.
pub(crate) const INSTALL: Install = Install::new(
    targets,
    "Crush reads crush.json when it starts; an `ask` of a hook is answered with a refusal, since Crush reads none",
);

/// Crush merges every config it finds (`internal/config/load.go`): the
/// user's `~/.config/crush/crush.json` (`$XDG_CONFIG_HOME`), then each
/// `crush.json` from the project's root down to the working folder; the
/// entries go in `hooks`, beside the user's, naming the installed binary
/// by its absolute path.
fn targets(site: &Site<'_>) -> Result<Vec<Target>, InstallError> {
    let config = site.scoped(site.options.config_dir.join("crush").join(FILE), FILE);
    let fragment = exported_hooks(&site.exported.join(FILE), |s| {
        moved(s, site.exported, site.installed, site.bins.hooks, &["bin"])
    })?;
    Ok(vec![Target {
        config,
        edit: Edit::Merge {
            section: Section::Hooks,
            skeleton: Map::new(),
            fragment,
            markers: site.shell_markers(),
            pins: Vec::new(),
        },
    }])
}
