// A point name with a typo gets the closest canonical name.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Looks at every tool call.
#[hook(before_tool_cal)]
fn watch(ev: &BeforeToolCall) {
    let _ = ev;
}

fn main() {}
