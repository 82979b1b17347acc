//! Copilot CLI's managed policy (1.0.102, on Linux): hooks files in
//! `/etc/github-copilot/policy.d/`, which run whatever a user's
//! `disableAllHooks` says and in folders not trusted yet, and
//! `/etc/github-copilot/managed-settings.json`, whose
//! `allowManagedHooksOnly` (`--managed-hooks-only`) leaves only them (read
//! live, fleet research §1; the release build ignores the variable that
//! would move the file). The hooks file is the package's own, the one a
//! user install writes; the settings file is an organisation's too, and
//! install merges its one key into it.

use serde_json::Map;

use super::install::hooks;
use crate::install::InstallError;
use crate::install::managed::{Place, Policy};
use crate::install::merge::Section;
use crate::install::pins::Pin;
use crate::install::targets::{Edit, Target};

/// Copilot CLI's managed policy.
pub(crate) const POLICY: Policy = Policy {
    targets,
    note: "Copilot CLI runs the hooks of policy.d in every folder, trusted or not, whatever a user's `disableAllHooks` says; start a new session",
};

/// Copilot CLI's managed folder.
const FOLDER: &str = "/etc/github-copilot";

fn targets(place: &Place<'_>) -> Result<Vec<Target>, InstallError> {
    let dir = place.path(FOLDER);
    Ok(vec![
        Target {
            config: dir.join("policy.d").join(format!("{}.json", place.name)),
            edit: Edit::Own {
                text: hooks(
                    place.exported,
                    place.installed,
                    place.bins.hooks,
                    place.name,
                )?,
                owns_folder: false,
            },
        },
        // Nothing but the pin: the file's `hooks` is not Copilot's.
        Target {
            config: dir.join("managed-settings.json"),
            edit: Edit::Merge {
                section: Section::Hooks,
                skeleton: Map::new(),
                fragment: Map::new(),
                markers: Vec::new(),
                pins: vec![Pin {
                    key: &["allowManagedHooksOnly"],
                    value: true,
                    wanted: place.hooks_only,
                }],
            },
        },
    ])
}
