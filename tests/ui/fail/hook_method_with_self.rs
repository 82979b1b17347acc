// `#[hook]` on a method.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

pub struct Watcher;

impl Watcher {
    /// Looks at tool calls.
    #[hook(before_tool_call)]
    fn watch(&self, ev: &BeforeToolCall) {
        let _ = ev;
    }
}

fn main() {}
