use tackle::prelude::*;

#[tackle::data(serde)]
#[derive(Deserialize, JsonSchema)]
pub struct Point {
    pub x: i32,
}

fn main() {}
