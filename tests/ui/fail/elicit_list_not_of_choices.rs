// A form holds a list only as a multi-select of an enum's values.
use tackle::prelude::*;

#[tackle::data]
#[derive(Deserialize, JsonSchema, ElicitForm)]
pub struct Form {
    pub names: Vec<String>,
    pub counts: Option<Vec<u32>>,
}

fn main() {}
