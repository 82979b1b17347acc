// A choice is a plain string: every variant is a unit variant.
use tackle::prelude::*;

#[tackle::data]
#[derive(Deserialize, JsonSchema, ElicitForm)]
pub enum Size {
    Small,
    Custom(u32),
    Named { label: String },
}

fn main() {}
