//! Factory Droid's organisation settings (0.225.2): `/etc/factory/
//! settings.json` on Linux, `/Library/Application Support/Factory/
//! settings.json` on macOS, `C:\Program Files\Factory\settings.json` on
//! Windows, read before the Factory API's (`resolveOrgSource`), as the
//! highest of its levels. Its `hooks` merge before every other level's,
//! and its `hooks.hooksDisabled`, read first, decides for them all: install
//! pins it `false`, so that a user's or a project's `hooksDisabled: true`
//! does not switch the hooks off (the first level to set it wins, in
//! `yg()`). `allowManagedHooksOnly` (`--managed-hooks-only`) strips every
//! other level's `hooks`. The file is an organisation's too: install
//! merges into it.

use serde_json::Map;

use super::install::hooks;
use crate::install::InstallError;
use crate::install::managed::{Place, Policy};
use crate::install::merge::Section;
use crate::install::pins::Pin;
use crate::install::targets::{Edit, Target};

/// Factory Droid's managed policy.
pub(crate) const POLICY: Policy = Policy {
    targets,
    note: "Factory Droid reads its organisation settings when it starts; its TUI still runs no hook in a folder it does not trust yet, these included (`droid exec` has no such gate)",
};

/// Droid's organisation settings on this system.
fn file() -> &'static str {
    if cfg!(target_os = "macos") {
        "/Library/Application Support/Factory/settings.json"
    } else if cfg!(windows) {
        r"C:\Program Files\Factory\settings.json"
    } else {
        "/etc/factory/settings.json"
    }
}

fn targets(place: &Place<'_>) -> Result<Vec<Target>, InstallError> {
    let fragment = hooks(place.exported, place.installed, place.bins.hooks)?;
    Ok(vec![Target {
        config: place.path(file()),
        edit: Edit::Merge {
            section: Section::Hooks,
            skeleton: Map::new(),
            markers: place.shell_markers(),
            pins: vec![
                Pin {
                    key: &["hooks", "hooksDisabled"],
                    value: false,
                    wanted: !fragment.is_empty(),
                },
                Pin {
                    key: &["allowManagedHooksOnly"],
                    value: true,
                    wanted: place.hooks_only,
                },
            ],
            fragment,
        },
    }])
}
