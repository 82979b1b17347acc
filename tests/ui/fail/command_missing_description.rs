// A command needs a description: a doc comment or `description = "..."`.
use tackle::prelude::*;

tackle::plugin! {
    id: "cmds",
}

#[command]
fn review() {}

fn main() {}
