// Unknown options (with the nearest one), options given twice, values that are not strings.
use tackle::prelude::*;

tackle::plugin! { id: "doc" }

/// One.
#[doctor_check(nme = "one")]
fn one() -> CheckResult {
    CheckResult::ok("fine")
}

/// Two.
#[doctor_check(name = "two", name = "again", category = 3)]
fn two() -> CheckResult {
    CheckResult::ok("fine")
}

/// Three.
#[doctor_check(name, order = 1)]
fn three() -> CheckResult {
    CheckResult::ok("fine")
}

fn main() {}
