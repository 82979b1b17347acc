//! What every plugin item but tools and hooks is checked for: its plugin
//! is linked, and no two items claim one name. Each kind says what it
//! claims and how to fix a clash ([`Item`]); one loop checks them all.

use std::collections::BTreeMap;

use tackle::SourceLocation;
use tackle::def::{CommandDef, CronDef, DoctorCheckDef, HookDef, PluginDef, ProviderDef, ToolDef};

use super::RegistryProblem;

/// An item declared in a plugin: what the registry sorts and reports it by.
pub(crate) trait Declared: 'static {
    /// Its plugin's id.
    fn plugin_id(&self) -> &'static str;
    /// Its name, as a report names it.
    fn name(&self) -> &'static str;
    /// Where it was declared.
    fn location(&self) -> SourceLocation;
}

macro_rules! declared {
    ($($t:ty => $name:ident),* $(,)?) => {$(
        impl Declared for $t {
            fn plugin_id(&self) -> &'static str {
                self.plugin.id
            }
            fn name(&self) -> &'static str {
                self.$name
            }
            fn location(&self) -> SourceLocation {
                self.location
            }
        }
    )*};
}
declared!(
    ToolDef => name,
    HookDef => name,
    CommandDef => name,
    CronDef => key,
    DoctorCheckDef => name,
    ProviderDef => name,
);

/// The items of one plugin among `items`, in their order.
pub(crate) fn of_plugin<'a, T: Declared>(
    items: &'a [&'static T],
    plugin_id: &'a str,
) -> impl Iterator<Item = &'static T> + 'a {
    items
        .iter()
        .copied()
        .filter(move |item| item.plugin_id() == plugin_id)
}

/// A kind of plugin item whose names the registry keeps unique.
pub(super) trait Item: Declared {
    /// What reports call it: `command`, `cron job`, ...
    const KIND: &'static str;
    /// How to fix two items that claim one name.
    const FIX: &'static str;
    /// What it claims: one space per kind (ids, names compared lowercase...).
    type Key: Ord;

    /// Its `order` within its plugin, where the kind has one.
    fn order(&self) -> i32 {
        0
    }
    /// The keys it claims, each with the name a clash reports.
    fn claims(&self) -> Vec<(Self::Key, String)>;
    /// The keys the plugins claim before any item, with where.
    fn claimed_by_plugins(
        _plugins: &BTreeMap<&str, &PluginDef>,
    ) -> BTreeMap<Self::Key, (&'static str, SourceLocation)> {
        BTreeMap::new()
    }
}

/// Sorts them by plugin, `order`, then source location, and reports what
/// is wrong: an item whose plugin is missing, a key claimed twice (against
/// the first that claimed it).
pub(super) fn check<T: Item>(
    items: &mut [&'static T],
    plugins: &BTreeMap<&str, &PluginDef>,
    problems: &mut Vec<RegistryProblem>,
) {
    items.sort_by_key(|item| (item.plugin_id(), item.order(), item.location()));
    let mut claimed = T::claimed_by_plugins(plugins);
    for item in items.iter() {
        if !plugins.contains_key(item.plugin_id()) {
            problems.push(RegistryProblem::ItemWithoutPlugin {
                kind: T::KIND,
                name: item.name(),
                plugin: item.plugin_id(),
                location: item.location(),
            });
        }
        for (key, name) in item.claims() {
            if let Some(&(first_plugin, first)) = claimed.get(&key) {
                problems.push(RegistryProblem::DuplicateItem {
                    kind: T::KIND,
                    name,
                    first_plugin,
                    first,
                    second_plugin: item.plugin_id(),
                    second: item.location(),
                    fix: T::FIX,
                });
            } else {
                claimed.insert(key, (item.plugin_id(), item.location()));
            }
        }
    }
}
