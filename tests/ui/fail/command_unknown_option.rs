// Unknown options are refused with the nearest known one; options are set once.
use tackle::prelude::*;

tackle::plugin! {
    id: "cmds",
}

/// Review a change.
#[command(alias = ["r"], categroy = "git", name = "review", name = "rev")]
fn review() {}

fn main() {}
