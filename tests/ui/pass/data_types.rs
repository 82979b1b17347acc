//! `#[tackle::data]` lets a crate that depends only on `tackle` derive serde's
//! and schemars' traits, on structs and enums, with paths or bare names, and
//! below other attributes.

use serde_json::json;
use tackle::prelude::*;

/// A point.
#[tackle::data]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Point {
    /// Horizontal.
    pub x: i32,
    /// Vertical.
    pub y: i32,
}

/// A shape.
#[tackle::data]
#[derive(Debug, PartialEq, tackle::serde::Serialize, tackle::serde::Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Shape {
    /// A circle.
    Circle {
        /// Its radius.
        radius: u32,
    },
    /// A dot.
    Dot,
}

/// Only a schema.
#[tackle::data]
#[derive(JsonSchema)]
#[allow(dead_code)]
pub struct OnlySchema {
    /// A flag.
    pub flag: bool,
}

fn main() {
    let p: Point = serde_json::from_value(json!({"x": 1, "y": -2})).expect("a point");
    assert_eq!(p, Point { x: 1, y: -2 });
    assert_eq!(
        serde_json::to_value(&p).expect("serializes"),
        json!({"x": 1, "y": -2})
    );
    let schema = tackle::schema::portable::<Point>();
    assert_eq!(schema["properties"]["x"]["description"], "Horizontal.");

    let s: Shape = serde_json::from_value(json!({"kind": "circle", "radius": 3})).expect("a shape");
    assert_eq!(s, Shape::Circle { radius: 3 });
    assert_eq!(
        serde_json::to_value(Shape::Dot).expect("serializes"),
        json!({"kind": "dot"})
    );

    let schema = tackle::schema::portable::<OnlySchema>();
    assert_eq!(schema["properties"]["flag"]["type"], "boolean");
}
