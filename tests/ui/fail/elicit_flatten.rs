// A form's fields are its own: a flattened struct would bring in fields
// that are not checked.
use tackle::prelude::*;

#[tackle::data]
#[derive(Deserialize, JsonSchema)]
pub struct Contact {
    pub email: String,
}

#[tackle::data]
#[derive(Deserialize, JsonSchema, ElicitForm)]
pub struct Form {
    pub name: String,
    #[serde(default, flatten)]
    pub contact: Contact,
}

fn main() {}
