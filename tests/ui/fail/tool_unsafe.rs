use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

/// Reads memory.
#[tool]
unsafe fn peek(address: usize) -> String {
    address.to_string()
}

fn main() {}
