use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

/// Echoes a value.
#[tool]
fn echo<T: ToString>(value: T) -> String {
    value.to_string()
}

fn main() {}
