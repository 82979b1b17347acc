// A tool's `name = "..."` that another tool of the crate has is refused, dashes included.
use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

/// Counts lines.
#[tool(name = "count-lines")]
fn lines(text: String) -> String {
    text.lines().count().to_string()
}

/// Counts lines, again.
#[tool(name = "count-lines")]
fn again(text: String) -> String {
    text
}

/// Counts words; `count_lines` is another name than `count-lines`.
#[tool(name = "count_lines")]
fn words(text: String) -> String {
    text
}

fn main() {}
