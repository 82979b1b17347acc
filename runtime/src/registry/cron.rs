//! Registry checks of cron jobs: handler jobs (`#[cron]`) and the
//! declarative jobs of `plugin! { cron_jobs }` share one id space per
//! plugin, `__plugin_<id>_<key>`.

use std::collections::HashMap;

use tackle::SourceLocation;
use tackle::def::{CronDef, PluginDef};

use super::RegistryProblem;

/// Sorts them by plugin, then source location, and reports what is wrong:
/// a job whose plugin is missing, two jobs with one id.
pub(super) fn check(
    items: &mut [&'static CronDef],
    plugins: &HashMap<&str, &PluginDef>,
    problems: &mut Vec<RegistryProblem>,
) {
    items.sort_by_key(|item| (item.plugin.id, item.location));
    // The declarative jobs first (`plugin!` checked their keys among
    // themselves), then each handler job against them and each other.
    let mut ids: HashMap<String, (&'static str, SourceLocation)> = HashMap::new();
    let mut sorted: Vec<&&PluginDef> = plugins.values().collect();
    sorted.sort_by_key(|p| p.id);
    for plugin in sorted {
        for job in plugin.cron_jobs {
            ids.insert(
                tackle::cron::job_id(plugin.id, job.key),
                (plugin.id, plugin.location),
            );
        }
    }
    for item in items.iter() {
        if !plugins.contains_key(item.plugin.id) {
            problems.push(RegistryProblem::ItemWithoutPlugin {
                kind: "cron job",
                name: item.key,
                plugin: item.plugin.id,
                location: item.location,
            });
        }
        let id = tackle::cron::job_id(item.plugin.id, item.key);
        if let Some((first_plugin, first)) = ids.get(&id) {
            problems.push(RegistryProblem::DuplicateItem {
                kind: "cron job",
                name: id,
                first_plugin,
                first: *first,
                second_plugin: item.plugin.id,
                second: item.location,
                fix: "job ids must be unique: give one `#[cron(..., key = \"...\")]` or another `key` in `cron_jobs`",
            });
        } else {
            ids.insert(id, (item.plugin.id, item.location));
        }
    }
}
