// `impl Trait` in a parameter makes a hidden generic.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Looks at something debuggable.
#[hook(before_tool_call)]
fn watch(ev: &impl std::fmt::Debug) {
    let _ = ev;
}

fn main() {}
