//! Text and file tools: word counts, search, the head of a file, writing a
//! file. An example tackle plugin with no config; every path a model passes
//! is confined to the working directory.

#![warn(missing_docs)]

mod files;
mod search;
mod words;

pub use search::Match;
pub use words::WordCount;

tackle::plugin! {
    id: "textkit",
    name: "Text kit",
    description: "Word counts, text search, file heads and file writes inside the project.",
}
