// An `#[args]` type must be `Deserialize + JsonSchema`.
use tackle::prelude::*;

tackle::plugin! {
    id: "cmds",
}

pub struct ReviewArgs {
    pub depth: u32,
}

/// Review a change.
#[command]
fn review(#[args] args: ReviewArgs) -> String {
    args.depth.to_string()
}

fn main() {}
