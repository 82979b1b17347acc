//! Registry checks of `command`s: every name and alias is unique across
//! plugins (compared lowercase, as they are matched), and each command's
//! plugin is present.

use std::collections::HashMap;

use tackle::def::{CommandDef, PluginDef};

use super::RegistryProblem;

/// Sorts them by plugin, `order`, then source location, and reports what is wrong.
pub(super) fn check(
    items: &mut [&'static CommandDef],
    plugins: &HashMap<&str, &PluginDef>,
    problems: &mut Vec<RegistryProblem>,
) {
    items.sort_by_key(|item| (item.plugin.id, item.order, item.location));
    let mut by_name: HashMap<String, &'static CommandDef> = HashMap::new();
    for item in items.iter() {
        if !plugins.contains_key(item.plugin.id) {
            problems.push(RegistryProblem::ItemWithoutPlugin {
                kind: "command",
                name: item.name,
                plugin: item.plugin.id,
                location: item.location,
            });
        }
        for name in item.names() {
            let key = name.to_ascii_lowercase();
            if let Some(&first) = by_name.get(&key) {
                problems.push(RegistryProblem::DuplicateItem {
                    kind: "command",
                    name: name.to_owned(),
                    first_plugin: first.plugin.id,
                    first: first.location,
                    second_plugin: item.plugin.id,
                    second: item.location,
                    fix: "a name or alias runs one command, so rename one command (`#[command(name = \"...\")]`) or drop the alias",
                });
            } else {
                by_name.insert(key, item);
            }
        }
    }
}
