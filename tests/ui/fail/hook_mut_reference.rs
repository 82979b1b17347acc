// Hooks cannot take `&mut`: they change the event by returning a decision.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Rewrites tool calls in place.
#[hook(before_tool_call)]
fn rewrite(ev: &mut BeforeToolCall) {
    ev.tool_name.clear();
}

fn main() {}
