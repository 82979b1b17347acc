use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

#[tackle::data]
#[derive(Deserialize, JsonSchema)]
pub struct AddArgs {
    pub a: u32,
    pub b: u32,
}

/// Adds numbers.
#[tool]
fn add(#[args] args: AddArgs, c: u32) -> String {
    (args.a + args.b + c).to_string()
}

fn main() {}
