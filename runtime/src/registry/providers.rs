//! Registry checks of `provider`s. (Scaffold for issue 4: only the plugin check.)

use std::collections::HashMap;

use tackle::def::{PluginDef, ProviderDef};

use super::RegistryProblem;

/// Sorts them by plugin, then source location, and reports what is wrong.
pub(super) fn check(
    items: &mut [&'static ProviderDef],
    plugins: &HashMap<&str, &PluginDef>,
    problems: &mut Vec<RegistryProblem>,
) {
    items.sort_by_key(|item| (item.plugin.id, item.location));
    for item in items.iter() {
        if !plugins.contains_key(item.plugin.id) {
            problems.push(RegistryProblem::ItemWithoutPlugin {
                kind: "provider",
                name: item.name,
                plugin: item.plugin.id,
                location: item.location,
            });
        }
    }
}
