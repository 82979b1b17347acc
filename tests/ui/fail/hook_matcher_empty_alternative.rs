// A matcher of names with an empty name between `|`s.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Looks at edits.
#[hook(before_tool_call, matcher = "Edit||Write")]
fn watch(ev: &BeforeToolCall) {
    let _ = ev;
}

fn main() {}
