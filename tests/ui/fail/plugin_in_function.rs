use tackle::prelude::*;

/// Counts words.
#[tool]
fn count_words(text: String) -> String {
    text.split_whitespace().count().to_string()
}

fn main() {
    tackle::plugin! {
        id: "guard",
    }
}
