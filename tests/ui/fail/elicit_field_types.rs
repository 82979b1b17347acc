// A form's fields are strings, numbers, booleans and enums of strings:
// a nested struct, a map or JSON of any shape is refused on its type.
use std::collections::HashMap;

use tackle::prelude::*;

#[tackle::data]
#[derive(Deserialize, JsonSchema)]
pub struct Address {
    pub street: String,
}

#[tackle::data]
#[derive(Deserialize, JsonSchema, ElicitForm)]
pub struct Form {
    pub name: String,
    pub address: Address,
    pub tags: HashMap<String, String>,
    pub anything: Option<tackle::serde_json::Value>,
}

fn main() {}
