use tackle::prelude::*;

// `#[tackle::data]` sees only the attributes below it.
#[derive(Deserialize, JsonSchema)]
#[tackle::data]
pub struct Point {
    pub x: i32,
}

fn main() {}
