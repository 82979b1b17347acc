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
fn add(#[args] args: &AddArgs) -> String {
    (args.a + args.b).to_string()
}

fn main() {}
