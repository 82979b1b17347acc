// Two hooks of one crate with one name are refused, at different points too.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Guards tool calls.
#[hook(before_tool_call)]
fn guard(ev: &BeforeToolCall) -> Option<Decision> {
    (ev.tool_name == "Bash").then(|| Decision::deny("no shell"))
}

/// Guards the end of a turn.
#[hook(stop, name = "guard")]
fn keep_going(ev: &Stop) -> Option<Decision> {
    let _ = ev;
    None
}

fn main() {}
