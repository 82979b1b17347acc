// An `args` glob that does not parse.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Looks at calls on some sources.
#[hook(before_tool_call, args = "src/[a-")]
fn watch(ev: &BeforeToolCall) {
    let _ = ev;
}

fn main() {}
