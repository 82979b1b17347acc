use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

#[tackle::data]
#[derive(Deserialize, JsonSchema)]
pub struct Left {
    pub a: u32,
}

#[tackle::data]
#[derive(Deserialize, JsonSchema)]
pub struct Right {
    pub b: u32,
}

/// Adds two numbers.
#[tool]
fn add(#[args] left: Left, #[args] right: Right) -> String {
    (left.a + right.b).to_string()
}

fn main() {}
