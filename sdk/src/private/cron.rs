//! Glue `#[cron]` generates calls into: filling a job's reference
//! parameters and turning its return value into a run result.

use crate::cron::{CronCall, IntoCronResult};

use super::Lent;

/// A type the glue can hand a cron job for a reference parameter `&T`.
///
/// `plugin!` implements it for `CronContext<()>`, `CronContext<Config>`
/// and the state type of its own plugin.
#[diagnostic::on_unimplemented(
    message = "a cron job of this plugin cannot take `&{Self}`",
    label = "tackle fills a cron job's parameters itself, and it has no `{Self}` to give",
    note = "a cron job takes `&CronContext`, `&CronContext<Config>` (`Config`: the type in `plugin! {{ config: ... }}`) or `&State` (the type in `plugin! {{ state: ... }}`)"
)]
pub trait FromCron<'a, P>: Sized {
    /// Builds or borrows the value for one run.
    fn from_cron(call: &'a CronCall) -> Result<Lent<'a, Self>, String>;
}

/// A cron job's return value, as a run result.
pub fn cron_result<R: IntoCronResult>(value: R) -> Result<(), String> {
    value.into_cron_result()
}
