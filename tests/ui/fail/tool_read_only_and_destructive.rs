use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

/// Deletes a file.
#[tool(read_only, destructive)]
fn delete_file(path: String) -> String {
    path
}

fn main() {}
