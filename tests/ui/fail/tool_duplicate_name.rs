// Two tools of one crate with one name (here from functions in two modules) are refused, at both.
tackle::plugin! {
    id: "tools",
}

mod text {
    use tackle::prelude::*;

    /// Counts the lines of a text.
    #[tool]
    pub fn count_lines(text: String) -> String {
        text.lines().count().to_string()
    }
}

mod files {
    use tackle::prelude::*;

    /// Counts the lines of a file.
    #[tool]
    pub fn count_lines(path: String) -> String {
        path
    }
}

fn main() {}
