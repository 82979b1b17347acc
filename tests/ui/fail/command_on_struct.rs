// `#[command]` goes on a function.
use tackle::prelude::*;

tackle::plugin! {
    id: "cmds",
}

/// Review a change.
#[command]
struct Review;

fn main() {}
