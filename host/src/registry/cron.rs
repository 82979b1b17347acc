//! Registry checks of cron jobs: handler jobs (`#[cron]`) and the
//! declarative jobs of `plugin! { cron_jobs }` share one id space per
//! plugin, `__plugin_<id>_<key>`.

use std::collections::BTreeMap;

use tackle::SourceLocation;
use tackle::def::{CronDef, PluginDef};

use super::items::Item;

impl Item for CronDef {
    const KIND: &'static str = "cron job";
    const FIX: &'static str = "job ids must be unique: give one `#[cron(..., key = \"...\")]` or another `key` in `cron_jobs`";
    /// The job id, `__plugin_<id>_<key>`.
    type Key = String;

    fn claims(&self) -> Vec<(Self::Key, String)> {
        let id = tackle::cron::job_id(self.plugin.id, self.key);
        vec![(id.clone(), id)]
    }

    /// The declarative jobs, by plugin id (`plugin!` checked their keys
    /// among themselves); each handler job is checked against them.
    fn claimed_by_plugins(
        plugins: &BTreeMap<&str, &PluginDef>,
    ) -> BTreeMap<Self::Key, (&'static str, SourceLocation)> {
        plugins
            .values()
            .flat_map(|plugin| {
                plugin.cron_jobs.iter().map(|job| {
                    (
                        tackle::cron::job_id(plugin.id, job.key),
                        (plugin.id, plugin.location),
                    )
                })
            })
            .collect()
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
        super::super::items::check(&mut items, &plugins, &mut problems);
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
