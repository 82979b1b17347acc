use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

/// Echoes a text.
#[tool]
fn echo(text: impl ToString) -> String {
    text.to_string()
}

fn main() {}
