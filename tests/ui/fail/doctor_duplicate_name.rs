// Two doctor checks of one crate with one name are refused.
use tackle::prelude::*;

tackle::plugin! {
    id: "checks",
}

/// The log folder exists.
#[doctor_check]
fn logs() -> CheckResult {
    CheckResult::ok("there")
}

/// The log folder is writable.
#[doctor_check(name = "logs")]
fn writable() -> CheckResult {
    CheckResult::ok("writable")
}

fn main() {}
