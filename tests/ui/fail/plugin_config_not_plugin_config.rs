use tackle::prelude::*;

tackle::plugin! {
    id: "guard",
    config: GuardConfig,
}

/// Derives `Deserialize` and `JsonSchema`, but not `Default`.
#[tackle::data]
#[derive(Deserialize, JsonSchema)]
pub struct GuardConfig {
    pub deny_prefixes: Vec<String>,
}

fn main() {}
