// A doctor check is a free, non-generic, safe function.
use tackle::prelude::*;

tackle::plugin! { id: "doc" }

/// Generic.
#[doctor_check]
fn generic<T: Default>() -> CheckResult {
    CheckResult::ok("fine")
}

/// Unsafe.
#[doctor_check]
unsafe fn risky() -> CheckResult {
    CheckResult::ok("fine")
}

struct Checks;

impl Checks {
    /// A method.
    #[doctor_check]
    fn method(&self) -> CheckResult {
        CheckResult::ok("fine")
    }
}

/// Not a function.
#[doctor_check]
struct NotAFunction;

fn main() {}
