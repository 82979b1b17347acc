use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

struct Counter;

impl Counter {
    /// Counts lines.
    #[tool]
    fn count_lines(&self, text: String) -> String {
        text.lines().count().to_string()
    }
}

fn main() {}
