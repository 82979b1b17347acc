// A check borrows what tackle fills; by value, `&mut`, `impl Trait` and `&str` are refused.
use tackle::prelude::*;

tackle::plugin! { id: "doc" }

/// By value.
#[doctor_check]
fn by_value(ctx: DoctorContext) -> CheckResult {
    CheckResult::ok(ctx.check_name())
}

/// Mutable.
#[doctor_check]
fn mutable(ctx: &mut DoctorContext) -> CheckResult {
    CheckResult::ok(ctx.check_name())
}

/// Hidden generic.
#[doctor_check]
fn hidden(ctx: &impl std::fmt::Debug) -> CheckResult {
    CheckResult::ok(format!("{ctx:?}"))
}

/// Text.
#[doctor_check]
fn text(path: &str) -> CheckResult {
    CheckResult::ok(path)
}

fn main() {}
