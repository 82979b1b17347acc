// `order` is an `i32`.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Runs last.
#[hook(before_tool_call, order = 3000000000)]
fn last(ev: &BeforeToolCall) {
    let _ = ev;
}

fn main() {}
