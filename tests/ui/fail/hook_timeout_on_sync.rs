// `timeout_ms` on a sync hook, which cannot be interrupted.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Looks at every tool call.
#[hook(before_tool_call, timeout_ms = 500)]
fn watch(ev: &BeforeToolCall) {
    let _ = ev;
}

fn main() {}
