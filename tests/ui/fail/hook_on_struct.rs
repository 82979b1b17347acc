// `#[hook]` on something other than a function.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Looks at tool calls.
#[hook(before_tool_call)]
struct Watcher {
    calls: u32,
}

fn main() {}
