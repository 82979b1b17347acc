// A doctor check returns a `CheckResult` (or a `Result` of one), not a string.
use tackle::prelude::*;

tackle::plugin! { id: "doc" }

/// Says something.
#[doctor_check]
fn says() -> String {
    "fine".to_owned()
}

/// Fails with an error that is not `Display`.
#[doctor_check]
fn opaque() -> Result<CheckResult, Opaque> {
    Err(Opaque)
}

struct Opaque;

fn main() {}
