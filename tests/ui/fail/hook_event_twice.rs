// The event is taken once.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Looks at tool calls, twice.
#[hook(before_tool_call)]
fn watch(ev: &BeforeToolCall, again: &BeforeToolCall) {
    let _ = (ev, again);
}

fn main() {}
