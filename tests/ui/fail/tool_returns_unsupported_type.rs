use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

/// Lists line lengths.
#[tool]
fn line_lengths(text: String) -> Vec<u32> {
    text.lines().map(|l| l.len() as u32).collect()
}

fn main() {}
