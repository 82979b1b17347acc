//! Scheduled jobs: `#[cron("expr")]` handler functions, and the prompt and
//! exec jobs declared in `plugin! { cron_jobs: [...] }`.
//!
//! Every job has an id, `__plugin_<plugin id>_<key>`, which the host config
//! (`[cron]`), `list` and `run --job` use. Expressions are five-field cron
//! (see [`macro@crate::cron`] for the dialect), checked at compile time
//! by the same parser the scheduler uses.

mod call;
mod context;
mod def;
mod returns;

pub use call::{CronCall, CronRun};
pub use context::CronContext;
pub use def::{CronDef, CronHandler, linked_cron};
pub use returns::IntoCronResult;

/// A job's id: `__plugin_<plugin id>_<key>`.
pub fn job_id(plugin: &str, key: &str) -> String {
    format!("__plugin_{plugin}_{key}")
}

/// A prompt or exec job from `plugin! { cron_jobs: [...] }`.
#[derive(Debug)]
pub struct CronJobDef {
    /// The job's key within the plugin; its id is `__plugin_<id>_<key>`.
    pub key: &'static str,
    /// The cron expression, checked at compile time.
    pub schedule: &'static str,
    /// The IANA zone the expression is read in (UTC when `None`).
    pub timezone: Option<&'static str>,
    /// Whether it runs unless the host config says otherwise.
    pub enabled: bool,
    /// What it does.
    pub action: CronAction,
}

/// What a declarative job does when it fires.
#[derive(Debug)]
pub enum CronAction {
    /// Sends a prompt through the host's subagent bridge, or runs one of the plugin's
    /// subagents with a payload.
    Prompt {
        /// The prompt (for a subagent: its task, sent with the payload).
        text: &'static str,
        /// The subagent to run, by name (checked against the plugin's
        /// `subagents` when the scheduler starts).
        subagent: Option<&'static str>,
        /// The subagent's payload as JSON text (checked at compile time).
        payload: Option<&'static str>,
    },
    /// Runs a program in the agent folder.
    Exec {
        /// The program and its arguments (no shell).
        argv: &'static [&'static str],
    },
}
