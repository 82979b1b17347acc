// A decision hook's return type must say what to decide.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Answers with text.
#[hook(before_tool_call)]
fn answer(ev: &BeforeToolCall) -> String {
    ev.tool_name.clone()
}

fn main() {}
