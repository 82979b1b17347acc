//! `word_count`.

use tackle::prelude::*;

/// Counts of a text.
#[tackle::data]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct WordCount {
    /// Whitespace-separated words.
    pub words: usize,
    /// Lines.
    pub lines: usize,
    /// Unicode scalar values.
    pub chars: usize,
    /// UTF-8 bytes.
    pub bytes: usize,
}

/// Count the words, lines, characters and bytes of a text.
#[tool(read_only, idempotent)]
fn word_count(
    /// The text to count.
    text: String,
) -> Json<WordCount> {
    Json(WordCount {
        words: text.split_whitespace().count(),
        lines: text.lines().count(),
        chars: text.chars().count(),
        bytes: text.len(),
    })
}
