// A hook runs at one point; a second point is refused.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Looks at tool calls before and after.
#[hook(before_tool_call, after_tool_call)]
fn watch() {}

fn main() {}
