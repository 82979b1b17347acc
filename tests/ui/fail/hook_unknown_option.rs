// A misspelt option gets the closest known one.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Looks at Bash calls.
#[hook(before_tool_call, matchr = "Bash")]
fn watch(ev: &BeforeToolCall) {
    let _ = ev;
}

fn main() {}
