use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

/// Asks, then runs.
#[tool(asks_first)]
async fn ask_then_run(ctx: &ToolContext) -> String {
    ctx.begin_task();
    "done".to_owned()
}

fn main() {}
