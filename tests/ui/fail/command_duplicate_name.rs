// A command's name or alias that another command of the crate has is refused.
use tackle::prelude::*;

tackle::plugin! {
    id: "cmds",
}

/// Reviews a change.
#[command]
fn review() -> String {
    "reviewed".into()
}

/// Reviews a pull request.
#[command(aliases = ["review", "pr"])]
fn review_pr() -> String {
    "reviewed".into()
}

fn main() {}
