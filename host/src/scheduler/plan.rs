//! Which jobs exist, with their parsed schedules, and whether each runs:
//! declared `enabled`, the host config's `[cron]`, the plugin's status and
//! (for subagent jobs) whether the plugin declares the subagent.

use tackle::Problem;
use tackle::cron::{CronAction, CronDef, job_id};
use tackle::def::PluginDef;
use tackle_spec::cron::Schedule;

use crate::host::{Host, PluginStatus};

/// One job, handler or declarative, as the scheduler sees it.
#[derive(Debug, Clone)]
pub struct CronJob {
    /// `__plugin_<plugin>_<key>`.
    pub id: String,
    /// The plugin's declaration.
    pub plugin: &'static PluginDef,
    /// The key within the plugin.
    pub key: &'static str,
    /// The expression as written.
    pub expression: &'static str,
    /// The zone as written (`None`: UTC).
    pub timezone: Option<&'static str>,
    /// The parsed schedule.
    pub schedule: Schedule,
    /// What it does.
    pub kind: JobKind,
    /// Whether it runs.
    pub status: JobStatus,
}

/// What a job does.
#[derive(Debug, Clone, Copy)]
pub enum JobKind {
    /// Calls a `#[cron]` function.
    Handler(&'static CronDef),
    /// Sends a prompt, or runs a subagent, through the host's subagent bridge.
    Prompt {
        /// The prompt.
        text: &'static str,
        /// The subagent, if any.
        subagent: Option<&'static str>,
        /// The payload's JSON text, if any.
        payload: Option<&'static str>,
    },
    /// Runs a program in the agent folder.
    Exec {
        /// Program and arguments.
        argv: &'static [&'static str],
    },
}

impl JobKind {
    /// `handler`, `prompt` or `exec`.
    pub fn as_str(&self) -> &'static str {
        match self {
            JobKind::Handler(_) => "handler",
            JobKind::Prompt { .. } => "prompt",
            JobKind::Exec { .. } => "exec",
        }
    }
}

/// Whether a job runs, and if not, why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JobStatus {
    /// It is scheduled.
    Scheduled,
    /// Declared `enabled = false` and not turned on by `[cron].enable`.
    DisabledInCode,
    /// Turned off by `[cron].disable`.
    DisabledByConfig,
    /// `[cron] enabled = false`.
    SchedulerOff,
    /// Its plugin is not ready (failed or not enabled).
    PluginNotReady,
    /// It cannot run: the reason (an unknown subagent).
    Invalid(String),
}

impl JobStatus {
    /// A word for listings: `scheduled`, `disabled`, `plugin-not-ready`, `invalid`.
    pub fn as_str(&self) -> &'static str {
        match self {
            JobStatus::Scheduled => "scheduled",
            JobStatus::DisabledInCode | JobStatus::DisabledByConfig | JobStatus::SchedulerOff => {
                "disabled"
            }
            JobStatus::PluginNotReady => "plugin-not-ready",
            JobStatus::Invalid(_) => "invalid",
        }
    }

    /// Why it does not run, for listings (`None` when it runs).
    pub fn reason(&self) -> Option<String> {
        match self {
            JobStatus::Scheduled => None,
            JobStatus::DisabledInCode => Some("declared `enabled = false`".into()),
            JobStatus::DisabledByConfig => Some("in `[cron].disable`".into()),
            JobStatus::SchedulerOff => Some("`[cron] enabled = false`".into()),
            JobStatus::PluginNotReady => Some("its plugin is not ready".into()),
            JobStatus::Invalid(why) => Some(why.clone()),
        }
    }
}

/// Every job of the host, in plugin order then source order, and the
/// problems of the `[cron]` config (unknown ids).
pub fn plan(host: &Host) -> (Vec<CronJob>, Vec<Problem>) {
    let config = &host.config().cron;
    let mut jobs = Vec::new();
    let mut problems = Vec::new();
    for plugin in host.registry().plugins() {
        let handlers = host
            .registry()
            .cron()
            .iter()
            .filter(|d| d.plugin.id == plugin.id)
            .map(|def| Declared {
                key: def.key,
                expression: def.schedule,
                timezone: def.timezone,
                enabled: def.enabled,
                kind: JobKind::Handler(def),
            });
        let actions = plugin.cron_jobs.iter().map(|def| Declared {
            key: def.key,
            expression: def.schedule,
            timezone: def.timezone,
            enabled: def.enabled,
            kind: match def.action {
                CronAction::Prompt {
                    text,
                    subagent,
                    payload,
                } => JobKind::Prompt {
                    text,
                    subagent,
                    payload,
                },
                CronAction::Exec { argv } => JobKind::Exec { argv },
            },
        });
        for declared in handlers.chain(actions) {
            jobs.push(job(host, plugin, declared, &mut problems));
        }
    }
    let jobs: Vec<CronJob> = jobs.into_iter().flatten().collect();
    let ids: Vec<&str> = jobs.iter().map(|j| j.id.as_str()).collect();
    for (list, key) in [(&config.disable, "disable"), (&config.enable, "enable")] {
        for (i, id) in list.iter().enumerate() {
            if !ids.contains(&id.as_str()) {
                problems.push(unknown_id(format!("cron.{key}[{i}]"), id, &ids));
            }
        }
    }
    // `[provider.jobs."<id>"]` names jobs too.
    for id in host.config().providers.jobs.keys() {
        if !ids.contains(&id.as_str()) {
            problems.push(unknown_id(format!("provider.jobs.{id}"), id, &ids));
        }
    }
    (jobs, problems)
}

/// A problem at `path`: no job has the id `id` (the nearest one suggested).
fn unknown_id(path: String, id: &str, ids: &[&str]) -> Problem {
    Problem::new(
        path,
        format!(
            "no cron job has the id `{id}`{} (ids: {})",
            crate::suggest::did_you_mean(id, ids),
            crate::suggest::listing(ids)
        ),
    )
}

/// One job as a plugin declares it: a `#[cron]` function or a
/// `cron_jobs` entry.
struct Declared {
    key: &'static str,
    expression: &'static str,
    timezone: Option<&'static str>,
    enabled: bool,
    kind: JobKind,
}

fn job(
    host: &Host,
    plugin: &'static PluginDef,
    declared: Declared,
    problems: &mut Vec<Problem>,
) -> Option<CronJob> {
    let Declared {
        key,
        expression,
        timezone,
        enabled,
        kind,
    } = declared;
    let id = job_id(plugin.id, key);
    // Checked at compile time by the same parser; a failure here means a
    // hand-built declaration, reported rather than trusted.
    let schedule = match Schedule::parse(expression, timezone) {
        Ok(s) => s,
        Err(e) => {
            problems.push(Problem::new(format!("cron job `{id}`"), e.to_string()));
            return None;
        }
    };
    let config = &host.config().cron;
    let ready = matches!(
        host.plugin(plugin.id).map(|p| p.status()),
        Some(PluginStatus::Ready)
    );
    let status = if let JobKind::Prompt {
        subagent: Some(name),
        ..
    } = kind
        && !plugin.subagents.iter().any(|s| s.name == name)
    {
        let names: Vec<&str> = plugin.subagents.iter().map(|s| s.name).collect();
        JobStatus::Invalid(format!(
            "it runs subagent `{name}`, which plugin `{}` does not declare{} (its subagents: {})",
            plugin.id,
            crate::suggest::did_you_mean(name, &names),
            crate::suggest::listing(&names)
        ))
    } else if !config.enabled {
        JobStatus::SchedulerOff
    } else if config.disable.contains(&id) {
        JobStatus::DisabledByConfig
    } else if !enabled && !config.enable.contains(&id) {
        JobStatus::DisabledInCode
    } else if !ready {
        JobStatus::PluginNotReady
    } else {
        JobStatus::Scheduled
    };
    Some(CronJob {
        id,
        plugin,
        key,
        expression,
        timezone,
        schedule,
        kind,
        status,
    })
}
