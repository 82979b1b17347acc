use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

/// Counts lines.
#[tool]
fn count_lines(text: String, #[cfg(test)] verbose: bool) -> String {
    text.lines().count().to_string()
}

fn main() {}
