use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

/// Counts lines.
#[tool]
fn count_lines(#[serde(default)] ctx: &ToolContext, text: String) -> String {
    format!("{} {}", ctx.tool_name(), text.lines().count())
}

fn main() {}
