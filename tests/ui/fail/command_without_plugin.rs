// A command in a crate without `plugin!` does not compile, and says why.
use tackle::prelude::*;

/// Review a change.
#[command]
fn review() {}

fn main() {}
