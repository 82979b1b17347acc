// `timeout_ms = 0`.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Looks at every tool call.
#[hook(before_tool_call, timeout_ms = 0)]
async fn watch(ev: &BeforeToolCall) {
    let _ = ev;
}

fn main() {}
