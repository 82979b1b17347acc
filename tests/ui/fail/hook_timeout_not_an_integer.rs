// `timeout_ms` takes an integer, not a string.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Looks at every tool call.
#[hook(before_tool_call, timeout_ms = "500")]
async fn watch(ev: &BeforeToolCall) {
    let _ = ev;
}

fn main() {}
