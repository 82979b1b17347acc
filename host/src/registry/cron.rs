//! Registry checks of cron jobs: handler jobs (`#[cron]`) and the
//! declarative jobs of `plugin! { cron_jobs }` share one id space per
//! plugin, `__plugin_<id>_<key>`.

use std::collections::BTreeMap;

use tackle::SourceLocation;
use tackle::def::{CronDef, PluginDef};

use super::RegistryProblem;

/// Sorts them by plugin, then source location, and reports what is wrong:
/// a job whose plugin is missing, two jobs with one id.
pub(super) fn check(
    items: &mut [&'static CronDef],
    plugins: &BTreeMap<&str, &PluginDef>,
    problems: &mut Vec<RegistryProblem>,
) {
    items.sort_by_key(|item| (item.plugin.id, item.location));
    // The declarative jobs first, by plugin id (`plugin!` checked their
    // keys among themselves), then each handler job against them and each
    // other.
    let mut ids: BTreeMap<String, (&'static str, SourceLocation)> = BTreeMap::new();
    for plugin in plugins.values() {
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

#[cfg(test)]
mod tests {

    use tackle::cron::{CronAction, CronCall, CronHandler, CronJobDef};

    use super::*;
    use crate::testing_defs::{at, plugin};

    fn run(_: &CronCall) -> Result<(), String> {
        Ok(())
    }

    static GC: [CronJobDef; 1] = [CronJobDef {
        key: "gc",
        schedule: "0 4 * * 0",
        timezone: None,
        enabled: true,
        action: CronAction::Exec {
            argv: &["git", "gc"],
        },
    }];

    static JANITOR: PluginDef = PluginDef {
        location: at("janitor/src/lib.rs", 3),
        cron_jobs: &GC,
        ..plugin("janitor")
    };

    const fn job(key: &'static str, line: u32) -> CronDef {
        CronDef {
            plugin: &JANITOR,
            key,
            function: key,
            description: "",
            schedule: "0 3 * * *",
            timezone: None,
            enabled: true,
            location: SourceLocation {
                file: "janitor/src/jobs.rs",
                line,
                column: 1,
            },
            handler: CronHandler::Sync(run),
        }
    }

    static HANDLER_GC: CronDef = job("gc", 10);
    static PRUNE: CronDef = job("prune", 20);
    static PRUNE_AGAIN: CronDef = job("prune", 30);

    #[test]
    fn one_id_for_two_jobs_names_both() {
        let plugins = BTreeMap::from([("janitor", &JANITOR)]);
        let mut items = vec![&PRUNE_AGAIN, &HANDLER_GC, &PRUNE];
        let mut problems = Vec::new();
        check(&mut items, &plugins, &mut problems);
        let text: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert_eq!(
            text,
            vec![
                "cron job `__plugin_janitor_gc` is declared twice: by plugin `janitor` at janitor/src/lib.rs:3:1 and by plugin `janitor` at janitor/src/jobs.rs:10:1; job ids must be unique: give one `#[cron(..., key = \"...\")]` or another `key` in `cron_jobs`",
                "cron job `__plugin_janitor_prune` is declared twice: by plugin `janitor` at janitor/src/jobs.rs:20:1 and by plugin `janitor` at janitor/src/jobs.rs:30:1; job ids must be unique: give one `#[cron(..., key = \"...\")]` or another `key` in `cron_jobs`",
            ]
        );
        // Sorted by plugin, then source location.
        assert_eq!(
            items.iter().map(|i| i.location.line).collect::<Vec<_>>(),
            [10, 20, 30]
        );
    }
}
