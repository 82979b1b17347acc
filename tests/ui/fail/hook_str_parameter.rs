// `&str` is not something tackle fills; text comes from the event.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Looks at tool names.
#[hook(before_tool_call)]
fn watch(ev: &BeforeToolCall, tool: &str) {
    let _ = (ev, tool);
}

fn main() {}
