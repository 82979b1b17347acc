// The event parameter must be the point's event type.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Looks at tool calls.
#[hook(before_tool_call)]
fn watch(ev: &AfterToolCall) {
    let _ = ev;
}

fn main() {}
