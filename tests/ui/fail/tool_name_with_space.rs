use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

/// Counts lines.
#[tool(name = "count lines")]
fn count_lines(text: String) -> String {
    text.lines().count().to_string()
}

fn main() {}
