//! Registry checks of doctor checks: each belongs to a linked plugin, and
//! names are unique within a plugin (reports name a check `plugin::name`).

use std::collections::BTreeMap;

use tackle::def::{DoctorCheckDef, PluginDef};

use super::RegistryProblem;

/// Sorts them by plugin, then source location, and reports what is wrong.
pub(super) fn check(
    items: &mut [&'static DoctorCheckDef],
    plugins: &BTreeMap<&str, &PluginDef>,
    problems: &mut Vec<RegistryProblem>,
) {
    items.sort_by_key(|item| (item.plugin.id, item.location));
    let mut names: BTreeMap<(&str, &str), &DoctorCheckDef> = BTreeMap::new();
    for item in items.iter() {
        if !plugins.contains_key(item.plugin.id) {
            problems.push(RegistryProblem::ItemWithoutPlugin {
                kind: "doctor check",
                name: item.name,
                plugin: item.plugin.id,
                location: item.location,
            });
        }
        if let Some(first) = names.insert((item.plugin.id, item.name), item) {
            problems.push(RegistryProblem::DuplicateItem {
                kind: "doctor check",
                name: item.name.to_owned(),
                first_plugin: first.plugin.id,
                first: first.location,
                second_plugin: item.plugin.id,
                second: item.location,
                fix: "give one of them another `#[doctor_check(name = \"...\")]`",
            });
        }
    }
}
