use tackle::ToolContext;

tackle::plugin! {
    id: "served",
}

/// A prompt is not a tool call.
#[tackle::prompt]
fn review(ctx: &ToolContext, path: String) -> String {
    format!("{} {path}", ctx.tool_name())
}

fn main() {}
