use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

/// Counts words.
#[tool]
fn zählen(text: String) -> String {
    text.split_whitespace().count().to_string()
}

fn main() {}
