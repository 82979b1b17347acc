//! Doctor checks: `#[doctor_check]` functions that look at a plugin's setup
//! (files, permissions, services it needs) and report what they found,
//! optionally with a [`Fix`].
//!
//! Checks are read-only; a fix is applied only when the user asks
//! (`doctor --fix`), one at a time, and only if every path it says it
//! changes is inside the agent folder. See
//! [`#[doctor_check]`](macro@crate::doctor_check).

mod call;
mod context;
mod fix;
mod result;

use std::fmt;
use std::future::Future;
use std::pin::Pin;

use crate::location::SourceLocation;
use crate::plugin::PluginDef;

pub use call::DoctorCall;
pub use context::DoctorContext;
pub use fix::{Fix, FixAction};
pub use result::{CheckResult, CheckStatus, IntoCheckResult};

/// One check, as declared by `#[doctor_check]`.
pub struct DoctorCheckDef {
    /// The plugin whose crate declared it.
    pub plugin: &'static PluginDef,
    /// The check's name (the function's by default).
    pub name: &'static str,
    /// Its group in reports (`category = "..."`), if given.
    pub category: Option<&'static str>,
    /// What it checks, from the doc comment.
    pub description: &'static str,
    /// Where the function was written.
    pub location: SourceLocation,
    /// The generated glue that fills the parameters and runs the check.
    pub handler: CheckHandler,
}

impl DoctorCheckDef {
    /// `plugin::name`, as reports show it.
    pub fn id(&self) -> String {
        format!("{}::{}", self.plugin.id, self.name)
    }
}

impl fmt::Debug for DoctorCheckDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DoctorCheckDef")
            .field("plugin", &self.plugin.id)
            .field("name", &self.name)
            .field("location", &self.location)
            .finish_non_exhaustive()
    }
}

/// What a check's glue returns: its result, or why tackle could not run it.
pub type CheckOutcome = Result<CheckResult, String>;

/// The future of an async check's glue.
pub type CheckFuture<'a> = Pin<Box<dyn Future<Output = CheckOutcome> + Send + 'a>>;

/// The generated glue of one check.
#[derive(Clone, Copy)]
pub enum CheckHandler {
    /// A plain `fn`.
    Sync(fn(DoctorCall<'_>) -> CheckOutcome),
    /// An `async fn`.
    Async(for<'a> fn(DoctorCall<'a>) -> CheckFuture<'a>),
}

crate::handler::impl_debug!(CheckHandler);

/// Every doctor check linked into this binary, in link order (the runtime sorts them).
pub fn linked_checks() -> impl Iterator<Item = &'static DoctorCheckDef> {
    crate::__private::linked::<crate::__private::DoctorCheckRegistration>()
}
