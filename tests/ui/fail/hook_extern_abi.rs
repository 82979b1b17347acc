// A hook cannot have an `extern` ABI.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Looks at tool calls.
#[hook(before_tool_call)]
extern "C" fn watch() {}

fn main() {}
