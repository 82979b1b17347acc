use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

/// Counts lines.
#[tool]
struct CountLines {
    text: String,
}

fn main() {}
