//! The doctor: every plugin's `#[doctor_check]`s plus the host's own
//! validation (plugins that failed to load, skill files, hooks that do not
//! run), in a stable order, with fixes applied on request.
//!
//! ```no_run
//! # async fn demo(host: &tackle_runtime::Host) {
//! use tackle_runtime::doctor::DoctorOptions;
//!
//! let report = host.doctor(DoctorOptions { fix: true }).await;
//! for entry in &report.entries {
//!     println!("{} {}: {}", entry.final_status(), entry.name, entry.message);
//! }
//! assert_eq!(report.failed(), report.entries.iter().any(|e| e.is_failure()));
//! # }
//! ```
//!
//! Checks only look. With [`DoctorOptions::fix`], the fixes they offer run
//! afterwards, one at a time and in report order; before a fix runs, every
//! path it says it changes is resolved against the agent folder (`..` and
//! symlinks followed; a path that does not exist yet is judged by its
//! nearest existing ancestor), and a fix that would reach outside is
//! refused and reported, not run. After a fix, its check runs again and the
//! new result is reported. A check or a fix that panics is reported as a
//! failure; the others still run.

mod builtin;
mod confine;
mod report;
mod run;

pub use report::{DoctorEntry, DoctorReport, FixOutcome, FixReport};
pub use tackle::doctor::CheckStatus;

/// What [`Host::doctor`](crate::Host::doctor) does.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DoctorOptions {
    /// Apply the fixes that checks offer (for results that are not `ok`).
    pub fix: bool,
}

impl crate::Host {
    /// Runs every doctor check of the running plugins and the host's own
    /// validation; with `options.fix`, applies the fixes offered.
    pub async fn doctor(&self, options: DoctorOptions) -> DoctorReport {
        run::doctor(self, options).await
    }
}

/// The report for a host that could not be built: the reasons, as failures.
pub fn unbuilt_report(error: &crate::HostError) -> DoctorReport {
    builtin::unbuilt(error)
}
