// The point is a plain name, not a string.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Looks at every tool call.
#[hook("before_tool_call")]
fn watch(ev: &BeforeToolCall) {
    let _ = ev;
}

fn main() {}
