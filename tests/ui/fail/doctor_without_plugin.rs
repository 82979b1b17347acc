// A doctor check needs `tackle::plugin!` at the crate root.
use tackle::prelude::*;

/// Orphan.
#[doctor_check]
fn orphan() -> CheckResult {
    CheckResult::ok("fine")
}

fn main() {}
