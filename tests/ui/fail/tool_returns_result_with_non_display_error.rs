use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

#[derive(Debug)]
struct Oops;

/// Might fail.
#[tool]
fn risky(text: String) -> Result<String, Oops> {
    if text.is_empty() { Err(Oops) } else { Ok(text) }
}

fn main() {}
