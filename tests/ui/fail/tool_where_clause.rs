use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

/// Echoes a text.
#[tool]
fn echo(text: String) -> String
where
    String: Clone,
{
    text
}

fn main() {}
