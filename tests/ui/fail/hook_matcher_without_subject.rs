// `matcher` at a point that has nothing to match (`turn_end`).
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Runs when a Bash turn ends.
#[hook(turn_end, matcher = "Bash")]
fn ended() {}

fn main() {}
