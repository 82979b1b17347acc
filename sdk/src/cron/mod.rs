//! Scheduled jobs: `#[cron("expr")]` handler functions, and the prompt and
//! exec jobs declared in `plugin! { cron_jobs: [...] }`.
//!
//! (Scaffold for issue 4: the cron work fills this module in.)

use crate::def::PluginDef;
use crate::location::SourceLocation;

/// A prompt or exec job from `plugin! { cron_jobs: [...] }`.
#[derive(Debug)]
pub struct CronJobDef {
    /// The job's key within the plugin; its id is `__plugin_<id>_<key>`.
    pub key: &'static str,
    /// The cron expression, checked at compile time.
    pub schedule: &'static str,
}

/// One handler job, as declared by `#[cron("expr")]`.
#[derive(Debug)]
pub struct CronDef {
    /// The plugin whose crate declared it.
    pub plugin: &'static PluginDef,
    /// The job's key within the plugin (the function's name by default).
    pub key: &'static str,
    /// The cron expression, checked at compile time.
    pub schedule: &'static str,
    /// Where the function was written.
    pub location: SourceLocation,
}

/// What `#[cron]` submits to `inventory`.
#[derive(Debug)]
pub struct CronRegistration(pub &'static CronDef);

inventory::collect!(CronRegistration);

/// Every handler job linked into this binary, in link order (the runtime sorts them).
pub fn linked_cron() -> impl Iterator<Item = &'static CronDef> {
    inventory::iter::<CronRegistration>.into_iter().map(|r| r.0)
}
