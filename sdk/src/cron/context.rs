//! What a handler job sees: its run, its plugin, and a cancellation token.

use std::fmt;
use std::sync::Arc;
use std::time::SystemTime;

use crate::Origin;
use crate::plugin::{PluginContext, PluginInfo};
use crate::tool::Cancellation;

use super::{CronCall, CronRun};

/// A handler job's view of its run, typed by the plugin's config
/// (`CronContext` alone when the job does not read it).
///
/// Take it as a parameter: `ctx: &CronContext<Config>`.
pub struct CronContext<C = ()> {
    run: Arc<CronRun>,
    plugin: Arc<PluginInfo>,
    config: Arc<C>,
    cancel: Cancellation,
}

impl<C> CronContext<C> {
    pub(crate) fn new(call: &CronCall, config: Arc<C>) -> Self {
        CronContext {
            run: call.run.clone(),
            plugin: call.plugin.clone(),
            config,
            cancel: call.cancel.clone(),
        }
    }

    /// The job's id, `__plugin_<plugin id>_<key>`.
    pub fn job_id(&self) -> &str {
        &self.run.job_id
    }

    /// The job's key within its plugin.
    pub fn key(&self) -> &'static str {
        self.run.key
    }

    /// When this run was due (a run may start a little later).
    pub fn scheduled(&self) -> SystemTime {
        self.run.scheduled
    }

    /// When this run was due, in the job's zone: RFC 3339 with the offset
    /// (`2026-03-29T03:00:00+02:00`).
    pub fn scheduled_local(&self) -> &str {
        &self.run.scheduled_local
    }

    /// Where the run comes from, `cron:<job id>`: what roles in the host
    /// config are given to.
    pub fn origin(&self) -> Origin {
        Origin::cron(&self.run.job_id)
    }

    /// Fires when the host shuts down: a long job should stop at the next
    /// step (`ctx.cancellation().is_cancelled()`, or `select!` on
    /// `cancelled()`); the scheduler waits a grace period, then reports it.
    pub fn cancellation(&self) -> &Cancellation {
        &self.cancel
    }

    /// The plugin's id.
    pub fn plugin_id(&self) -> &'static str {
        self.plugin.id()
    }

    /// The plugin's config.
    pub fn config(&self) -> &C {
        &self.config
    }

    /// The plugin's context (agent folder, name, version, config).
    pub fn plugin(&self) -> PluginContext<C> {
        PluginContext::new(self.plugin.clone(), self.config.clone())
    }

    /// The plugin's `tracing` span.
    pub fn span(&self) -> &tracing::Span {
        self.plugin.span()
    }
}

impl<C> fmt::Debug for CronContext<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CronContext")
            .field("job_id", &self.run.job_id)
            .field("scheduled", &self.run.scheduled_local)
            .finish_non_exhaustive()
    }
}
