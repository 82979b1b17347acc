// A hook cannot be `unsafe fn`.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Looks at tool calls.
#[hook(before_tool_call)]
unsafe fn watch(ev: &BeforeToolCall) {
    let _ = ev;
}

fn main() {}
