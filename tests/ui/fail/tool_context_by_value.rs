use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

/// Names the tool.
#[tool]
fn whoami(ctx: ToolContext) -> String {
    ctx.tool_name().to_owned()
}

fn main() {}
