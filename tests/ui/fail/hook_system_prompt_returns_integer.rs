// A `system_prompt` hook returns text, not a number.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Adds a number to the system prompt.
#[hook(system_prompt)]
fn answer() -> u32 {
    42
}

fn main() {}
