//! One run of a handler job, untyped: what the scheduler hands the glue.

use std::any::Any;
use std::fmt;
use std::sync::Arc;
use std::time::SystemTime;

use crate::Origin;
use crate::plugin::PluginInfo;
use crate::plugin::{AnyConfig, AnyState};
use crate::tool::Cancellation;

use super::CronContext;

/// The facts of one run, shared by its contexts.
#[derive(Debug, Clone)]
pub struct CronRun {
    /// The job's id, `__plugin_<plugin>_<key>`.
    pub job_id: String,
    /// The job's key within its plugin.
    pub key: &'static str,
    /// The time the run was due (not when it started).
    pub scheduled: SystemTime,
    /// That time in the job's zone, RFC 3339 with the offset.
    pub scheduled_local: String,
}

/// One run of a handler job, as the scheduler builds it: the plugin's
/// context, its state and the run's facts. The glue turns it into the
/// function's parameters.
#[doc(hidden)]
pub struct CronCall {
    pub(crate) run: Arc<CronRun>,
    pub(crate) plugin: Arc<PluginInfo>,
    pub(crate) config: AnyConfig,
    pub(crate) state: Option<AnyState>,
    pub(crate) cancel: Cancellation,
}

impl CronCall {
    /// Built by the scheduler for each run.
    pub fn new(
        run: CronRun,
        plugin: Arc<PluginInfo>,
        config: AnyConfig,
        state: Option<AnyState>,
        cancel: Cancellation,
    ) -> Self {
        CronCall {
            run: Arc::new(run),
            plugin,
            config,
            state,
            cancel,
        }
    }

    /// The run's context typed by the plugin's config.
    pub fn context<C: Any + Send + Sync>(&self) -> Result<CronContext<C>, String> {
        let config = crate::invocation::config_or_error::<C>(&self.plugin, &self.config)?;
        Ok(CronContext::new(self, config))
    }

    /// The plugin's state, typed.
    pub fn state<S: Any + Send + Sync>(&self) -> Result<&S, String> {
        crate::invocation::state_ref(&self.plugin, self.state.as_ref())
    }

    /// The origin of the run, `cron:<job id>`.
    pub fn origin(&self) -> Origin {
        Origin::cron(&self.run.job_id)
    }
}

impl fmt::Debug for CronCall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CronCall")
            .field("job_id", &self.run.job_id)
            .field("plugin", &self.plugin.id())
            .finish_non_exhaustive()
    }
}
