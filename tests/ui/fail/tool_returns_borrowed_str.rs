use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

/// Names the tool.
#[tool]
fn whoami(ctx: &ToolContext) -> &str {
    ctx.session_id().unwrap_or("none")
}

fn main() {}
