// A crate with `#[tool]` but no `tackle::plugin!` at its root.
use tackle::prelude::*;

/// Counts the words of a text.
#[tool]
fn count_words(text: String) -> String {
    text.split_whitespace().count().to_string()
}

fn main() {}
