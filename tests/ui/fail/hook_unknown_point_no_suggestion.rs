// A point name close to none in the catalogue gets the list of points.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Runs at a point that does not exist.
#[hook(lunch_break)]
fn eat() {}

fn main() {}
