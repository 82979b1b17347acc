// The point must come first, before the options.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Looks at Bash calls.
#[hook(matcher = "Bash", before_tool_call)]
fn watch(ev: &BeforeToolCall) {
    let _ = ev;
}

fn main() {}
