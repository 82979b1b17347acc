// A form is a struct with named fields (an object of named fields), and
// `ElicitForm` derives on no union.
use tackle::prelude::*;

#[tackle::data]
#[derive(Deserialize, JsonSchema, ElicitForm)]
pub struct Pair(String, u32);

#[tackle::data]
#[derive(Deserialize, JsonSchema, ElicitForm)]
pub struct Nothing;

#[derive(ElicitForm)]
pub union Either {
    a: u32,
    b: f32,
}

fn main() {}
