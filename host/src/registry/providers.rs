//! Registry checks of `#[provider]`s: each belongs to a linked plugin, and
//! no two share a name (hosts select them by it).

use std::collections::BTreeMap;

use tackle::def::{PluginDef, ProviderDef};

use super::RegistryProblem;

/// Sorts them by plugin, then source location, and reports what is wrong.
pub(super) fn check(
    items: &mut [&'static ProviderDef],
    plugins: &BTreeMap<&str, &PluginDef>,
    problems: &mut Vec<RegistryProblem>,
) {
    items.sort_by_key(|item| (item.plugin.id, item.location));
    let mut by_name: BTreeMap<&str, &ProviderDef> = BTreeMap::new();
    for item in items.iter() {
        if !plugins.contains_key(item.plugin.id) {
            problems.push(RegistryProblem::ItemWithoutPlugin {
                kind: "provider",
                name: item.name,
                plugin: item.plugin.id,
                location: item.location,
            });
        }
        if let Some(first) = by_name.insert(item.name, item) {
            problems.push(RegistryProblem::DuplicateItem {
                kind: "provider",
                name: item.name.to_owned(),
                first_plugin: first.plugin.id,
                first: first.location,
                second_plugin: item.plugin.id,
                second: item.location,
                fix: "hosts select providers by name, so give one `#[provider(name = \"...\")]`",
            });
        }
    }
}
