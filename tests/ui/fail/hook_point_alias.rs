// Another agent's spelling of a point is refused, naming the canonical one.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Looks at every tool call.
#[hook(PreToolUse)]
fn watch(ev: &BeforeToolCall) {
    let _ = ev;
}

fn main() {}
