tackle::plugin! {
    id: "guard",
    config: GuardConfig,
}

#[derive(Default)]
pub struct GuardConfig {
    pub deny_prefixes: Vec<String>,
}

fn main() {}
