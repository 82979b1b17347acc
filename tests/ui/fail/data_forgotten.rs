// Deriving with tackle's prelude but without `#[tackle::data]` is one error, on the type, saying to add it.
use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

#[derive(Serialize, Deserialize, JsonSchema)]
pub struct Point {
    pub x: i32,
    pub y: i32,
}

/// Describes a point.
#[tool]
fn describe(point: Point) -> Json<Point> {
    Json(point)
}

fn main() {}
