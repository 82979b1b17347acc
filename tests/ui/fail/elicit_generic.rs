// A form or a choice cannot be generic: its fields are checked where it
// is declared.
use tackle::prelude::*;

#[tackle::data]
#[derive(Deserialize, JsonSchema, ElicitForm)]
pub struct Form<T> {
    pub value: T,
}

fn main() {}
