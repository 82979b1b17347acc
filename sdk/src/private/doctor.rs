//! Glue `#[doctor_check]` generates calls into.

use super::hook::Lent;
use crate::doctor::{CheckResult, DoctorCall, IntoCheckResult};

/// A type the glue can hand a doctor check for a reference parameter `&T`.
///
/// `plugin!` implements it for `DoctorContext<()>`, `DoctorContext<Config>`
/// and the state type of its own plugin.
#[diagnostic::on_unimplemented(
    message = "a doctor check of this plugin cannot take `&{Self}`",
    label = "tackle fills a doctor check's parameters itself, and it has no `{Self}` to give",
    note = "a doctor check takes `&DoctorContext`, `&DoctorContext<Config>` (`Config`: the type in `plugin! {{ config: ... }}`) or `&State` (the type in `plugin! {{ state: ... }}`)"
)]
pub trait FromDoctor<'a, P>: Sized {
    /// Builds or borrows the value for one run.
    fn from_doctor(call: &DoctorCall<'a>) -> Result<Lent<'a, Self>, String>;
}

/// A check's return value, as its result.
pub fn checked<R: IntoCheckResult>(value: R) -> CheckResult {
    value.into_check_result()
}
