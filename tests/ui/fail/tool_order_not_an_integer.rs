use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

/// Counts lines.
#[tool(order = "x")]
fn count_lines(text: String) -> String {
    text.lines().count().to_string()
}

fn main() {}
