use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

/// Echoes a text.
#[tool]
fn echo(text: String) -> impl std::fmt::Display {
    text
}

fn main() {}
