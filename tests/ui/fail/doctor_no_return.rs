// A doctor check returns what it found.
use tackle::prelude::*;

tackle::plugin! { id: "doc" }

/// Looks at nothing.
#[doctor_check]
fn nothing(ctx: &DoctorContext) {
    let _ = ctx;
}

fn main() {}
