use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

pub struct Point {
    pub x: i32,
    pub y: i32,
}

/// Describes a point.
#[tool]
fn describe(point: Point) -> String {
    format!("{} {}", point.x, point.y)
}

fn main() {}
