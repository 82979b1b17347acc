// The host binary's own subcommands cannot be command names or aliases.
use tackle::prelude::*;

tackle::plugin! {
    id: "cmds",
}

/// Lists things, but `<bin> list` is the host's.
#[command]
fn list() {}

/// Checks things.
#[command(name = "doctor")]
fn check() {}

/// Runs things.
#[command(aliases = ["go", "run"])]
fn start() {}

fn main() {}
