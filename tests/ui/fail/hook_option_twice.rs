// An option set twice.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Runs early.
#[hook(before_tool_call, order = 1, order = 2)]
fn early(ev: &BeforeToolCall) {
    let _ = ev;
}

fn main() {}
