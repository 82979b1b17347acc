use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

/// Joins words.
#[tool]
fn join(words: Vec<&str>) -> String {
    words.join(" ")
}

fn main() {}
