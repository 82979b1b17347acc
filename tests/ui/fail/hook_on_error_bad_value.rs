// `on_error` is `"open"` or `"closed"`.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Refuses everything.
#[hook(before_tool_call, on_error = "deny")]
fn refuse(ev: &BeforeToolCall) -> bool {
    let _ = ev;
    false
}

fn main() {}
