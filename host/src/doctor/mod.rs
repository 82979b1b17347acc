//! The doctor: every plugin's `#[doctor_check]`s plus the host's own
//! validation (plugins that failed to load, skill files, hooks that do not
//! run), in a stable order, with fixes applied on request.
//!
//! ```rust,standalone_crate
//! use tackle::prelude::*;
//!
//! tackle::plugin! { id: "cache" }
//!
//! /// The cache folder exists.
//! #[doctor_check(category = "files")]
//! fn cache_folder(ctx: &DoctorContext) -> CheckResult {
//!     let path = ctx.agent_path("cache");
//!     if path.is_dir() {
//!         return CheckResult::ok("`cache` exists");
//!     }
//!     CheckResult::fail("`cache` is missing")
//!         .with_fix(Fix::new("create `cache`", ["cache"], move || std::fs::create_dir(&path)))
//! }
//!
//! /// Refuses to fix anything outside the agent folder.
//! #[doctor_check]
//! fn escape() -> CheckResult {
//!     CheckResult::warn("wants to write outside")
//!         .with_fix(Fix::new("touch ../outside", ["../outside"], || Ok::<(), std::io::Error>(())))
//! }
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() {
//! use tackle_host::doctor::{CheckStatus, DoctorOptions, FixOutcome};
//! use tackle_host::{Host, Registry};
//!
//! let agent = tempfile::tempdir().unwrap();
//! let registry = Registry::global().unwrap().only(&["cache"]);
//! let host = Host::builder().agent_dir(agent.path()).registry(registry).build().await.unwrap();
//!
//! // Checks only look ...
//! let report = host.doctor(DoctorOptions::default()).await;
//! assert!(report.failed());
//! assert_eq!(report.failed(), report.entries.iter().any(|e| e.is_failure()));
//! assert!(!agent.path().join("cache").exists());
//!
//! // ... fixes run on request, each check runs again after its fix.
//! let report = host.doctor(DoctorOptions { fix: true }).await;
//! let cache = report.entries.iter().find(|e| e.name == "cache_folder").unwrap();
//! assert_eq!((cache.status, cache.final_status()), (CheckStatus::Fail, CheckStatus::Ok));
//! assert!(agent.path().join("cache").is_dir());
//! let escape = report.entries.iter().find(|e| e.name == "escape").unwrap();
//! assert!(matches!(escape.fix.as_ref().unwrap().outcome, FixOutcome::Refused { .. }));
//! assert!(!cache.is_failure() && escape.is_failure()); // a refused fix fails the doctor
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

pub(crate) use confine::confine;
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
