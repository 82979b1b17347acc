// The event is borrowed, not taken by value.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Looks at tool calls.
#[hook(before_tool_call)]
fn watch(ev: BeforeToolCall) {
    let _ = ev;
}

fn main() {}
