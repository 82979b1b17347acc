// A matcher with regex characters must parse as a regex.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Looks at Bash calls.
#[hook(before_tool_call, matcher = "Bash(")]
fn watch(ev: &BeforeToolCall) {
    let _ = ev;
}

fn main() {}
