// `name` follows the rules of tool names.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Looks at every tool call.
#[hook(before_tool_call, name = "watch calls")]
fn watch(ev: &BeforeToolCall) {
    let _ = ev;
}

fn main() {}
