use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

/// Counts lines.
#[tool]
fn count_lines(text: &str) -> String {
    text.lines().count().to_string()
}

fn main() {}
