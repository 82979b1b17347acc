//! What a handler job may return.

use std::fmt::Display;

/// A handler job's return type: `()`, or `Result<(), E>` with an error the
/// scheduler can show (`E: Display`). An `Err` is logged and reported as a
/// failed run; the job keeps its schedule.
#[diagnostic::on_unimplemented(
    message = "a cron job cannot return `{Self}`",
    label = "the scheduler runs a job for its effect and has nowhere to put a `{Self}`",
    note = "return `()`, or `Result<(), E>` where `E: Display` (such as `std::io::Error`, `String` or `anyhow::Error`) to report a failed run"
)]
pub trait IntoCronResult {
    /// `Ok(())` for a run that succeeded, the error's text otherwise.
    fn into_cron_result(self) -> Result<(), String>;
}

impl IntoCronResult for () {
    fn into_cron_result(self) -> Result<(), String> {
        Ok(())
    }
}

impl<E: Display> IntoCronResult for Result<(), E> {
    fn into_cron_result(self) -> Result<(), String> {
        self.map_err(|e| e.to_string())
    }
}
