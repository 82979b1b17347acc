//! `#[tackle::data]` with the prelude's derives, in a module that imports
//! the prelude for them alone: the import counts as used, and the derives
//! are serde's and schemars' (through tackle), also written as paths.
#![deny(unused_imports)]

mod shapes {
    use tackle::prelude::*;

    #[tackle::data]
    #[derive(Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
    pub struct Point {
        /// Across.
        pub x: i32,
    }
}

mod paths {
    #[tackle::data]
    #[derive(Debug, PartialEq, tackle::prelude::Serialize, tackle::prelude::Deserialize)]
    pub struct Size {
        pub width: u32,
    }
}

fn main() {
    use tackle::serde_json::{self, json};

    let point: shapes::Point = serde_json::from_value(json!({"x": 3})).expect("reads");
    assert_eq!(point, shapes::Point { x: 3 });
    assert_eq!(serde_json::to_value(&point).expect("writes"), json!({"x": 3}));
    let schema = tackle::schemars::schema_for!(shapes::Point);
    assert_eq!(schema.get("required"), Some(&json!(["x"])));
    let size: paths::Size = serde_json::from_value(json!({"width": 2})).expect("reads");
    assert_eq!(size, paths::Size { width: 2 });
}
