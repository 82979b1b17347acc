// A reference parameter tackle has nothing to fill with.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Looks at tool calls with a name.
#[hook(before_tool_call)]
fn watch(ev: &BeforeToolCall, name: &String) {
    let _ = (ev, name);
}

fn main() {}
