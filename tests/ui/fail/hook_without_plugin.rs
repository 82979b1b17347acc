// A crate with `#[hook]` but no `tackle::plugin!` at its root.
use tackle::prelude::*;

/// Looks at tool calls.
#[hook(before_tool_call)]
fn watch(ev: &BeforeToolCall) {
    let _ = ev;
}

fn main() {}
