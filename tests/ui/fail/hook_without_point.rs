// `#[hook]` with no point at all.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Runs somewhere.
#[hook]
fn somewhere() {}

fn main() {}
