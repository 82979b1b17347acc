//! Test fixture: declares `word_count`, which `textkit` declares too, so a
//! host linking both must refuse to start, naming both source locations.

use tackle::prelude::*;

tackle::plugin! {
    id: "clash",
    description: "Declares a tool name textkit already uses.",
}

/// Counts words, again.
#[tool]
fn word_count(text: String) -> String {
    text.split_whitespace().count().to_string()
}
