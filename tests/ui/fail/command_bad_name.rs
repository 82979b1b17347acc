// A command name must match `^[a-z][a-z0-9-]*$`: given, or from the function.
use tackle::prelude::*;

tackle::plugin! {
    id: "cmds",
}

/// Review a change.
#[command(name = "Review_PR")]
fn review() {}

/// Starts with an underscore, so its name would start with `-`.
#[command]
fn _hidden() {}

/// Empty.
#[command(name = "")]
fn empty() {}

fn main() {}
