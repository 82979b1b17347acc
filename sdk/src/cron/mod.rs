//! Scheduled jobs: `#[cron("expr")]` handler functions, and the prompt and
//! exec jobs declared in `plugin! { cron_jobs: [...] }`.
//!
//! Every job has an id, `__plugin_<plugin id>_<key>`, which the host config
//! (`[cron]`), `list` and `run --job` use. Expressions are five-field cron
//! (see [`macro@crate::cron`] for the dialect), checked at compile time
//! by the same parser the scheduler uses.

mod call;
mod context;
mod returns;

use std::fmt;

use crate::def::{BoxFuture, PluginDef};
use crate::location::SourceLocation;

pub use call::{CronCall, CronRun};
pub use context::CronContext;
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
    /// Sends a prompt to the host's agent, or runs one of the plugin's
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

/// One handler job, as declared by `#[cron("expr")]`.
#[derive(Debug)]
pub struct CronDef {
    /// The plugin whose crate declared it.
    pub plugin: &'static PluginDef,
    /// The job's key within the plugin (the function's name by default).
    pub key: &'static str,
    /// The Rust function behind it.
    pub function: &'static str,
    /// Its doc comment.
    pub description: &'static str,
    /// The cron expression, checked at compile time.
    pub schedule: &'static str,
    /// The IANA zone the expression is read in (UTC when `None`).
    pub timezone: Option<&'static str>,
    /// Whether it runs unless the host config says otherwise.
    pub enabled: bool,
    /// Where the function was written.
    pub location: SourceLocation,
    /// The generated glue that fills the parameters and calls the function.
    pub handler: CronHandler,
}

/// The generated glue of one handler job.
#[derive(Clone, Copy)]
pub enum CronHandler {
    /// A plain `fn`: the scheduler runs it on a blocking thread.
    Sync(fn(&CronCall) -> Result<(), String>),
    /// An `async fn`.
    Async(fn(CronCall) -> BoxFuture<Result<(), String>>),
}

impl fmt::Debug for CronHandler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CronHandler::Sync(_) => "CronHandler::Sync",
            CronHandler::Async(_) => "CronHandler::Async",
        })
    }
}

/// Every handler job linked into this binary, in link order (the runtime sorts them).
pub fn linked_cron() -> impl Iterator<Item = &'static CronDef> {
    inventory::iter::<crate::__private::CronRegistration>
        .into_iter()
        .map(|r| r.0)
}
