// Option values of the wrong shape: aliases not a list of names, an alias
// twice or equal to the name, an order out of range, a category not a string.
use tackle::prelude::*;

tackle::plugin! {
    id: "cmds",
}

/// Review a change.
#[command(aliases = "r", order = 99999999999)]
fn review() {}

/// Ship it.
#[command(aliases = ["s", "s", "ship", "Go", 3], category = 7)]
fn ship() {}

fn main() {}
