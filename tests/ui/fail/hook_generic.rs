// A hook cannot be generic.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Looks at any event.
#[hook(before_tool_call)]
fn watch<T: Default>(ev: &BeforeToolCall) {
    let _ = (ev, T::default());
}

fn main() {}
