// `name` cannot be empty.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Looks at every tool call.
#[hook(before_tool_call, name = "")]
fn watch(ev: &BeforeToolCall) {
    let _ = ev;
}

fn main() {}
