//! A handler job as `#[cron("expr")]` registers it.

use super::CronCall;
use crate::future::BoxFuture;
use crate::location::SourceLocation;
use crate::plugin::PluginDef;

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

crate::handler::impl_debug!(CronHandler);

/// Every handler job linked into this binary, in link order (the runtime sorts them).
pub fn linked_cron() -> impl Iterator<Item = &'static CronDef> {
    crate::__private::linked::<crate::__private::CronRegistration>()
}
