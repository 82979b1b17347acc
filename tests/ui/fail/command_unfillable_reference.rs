// A reference parameter is filled by tackle, which has no `Vec<String>` to give.
use tackle::prelude::*;

tackle::plugin! {
    id: "cmds",
}

/// Review a change.
#[command]
fn review(files: &Vec<String>) {
    let _ = files;
}

fn main() {}
