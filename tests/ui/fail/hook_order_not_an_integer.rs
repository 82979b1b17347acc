// `order` takes an integer.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Runs first.
#[hook(before_tool_call, order = "first")]
fn first(ev: &BeforeToolCall) {
    let _ = ev;
}

fn main() {}
