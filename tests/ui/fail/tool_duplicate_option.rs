use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

/// Counts lines.
#[tool(name = "count", read_only, name = "count_lines")]
fn count_lines(text: String) -> String {
    text.lines().count().to_string()
}

fn main() {}
