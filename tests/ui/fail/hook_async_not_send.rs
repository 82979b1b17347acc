// An async hook's future must be `Send`.
use std::rc::Rc;

use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

async fn pause() {}

/// Holds an `Rc` across an `.await`.
#[hook(before_tool_call)]
async fn watch(ev: &BeforeToolCall) {
    let name = Rc::new(ev.tool_name.clone());
    pause().await;
    let _ = name;
}

fn main() {}
