// `raw_schema` stands alone: it takes no value.
use tackle::prelude::*;

tackle::plugin! {
    id: "raw",
}

/// Echo.
#[tool(raw_schema = true)]
fn echo(text: String) -> String {
    text
}

fn main() {}
