use tackle::prelude::*;

tackle::plugin! {
    id: "stateless",
}

pub struct Cache;

/// Reads a cache the plugin never declared as its state.
#[tool]
fn lookup(cache: &Cache, key: String) -> String {
    let _ = cache;
    key
}

fn main() {}
