// A command returns (), String, &'static str, CommandOutput, or a Result of one.
use tackle::prelude::*;

tackle::plugin! {
    id: "cmds",
}

/// Count things.
#[command]
fn count() -> usize {
    3
}

/// Count things, maybe.
#[command]
async fn maybe() -> Result<Vec<String>, String> {
    Ok(Vec::new())
}

fn main() {}
