// `surface` is "agent", "host" or "either".
use tackle::prelude::*;

tackle::plugin! {
    id: "cmds",
}

/// Review a change.
#[command(surface = "hosts")]
fn review() {}

/// TypeClaw's spelling.
#[command(surface = "container")]
fn ship() {}

/// Not a string.
#[command(surface = agent)]
fn deploy() {}

fn main() {}
