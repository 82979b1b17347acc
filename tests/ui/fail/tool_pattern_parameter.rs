use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

/// Adds two numbers.
#[tool]
fn add((a, b): (u32, u32)) -> String {
    (a + b).to_string()
}

fn main() {}
