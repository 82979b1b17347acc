use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

/// Runs for a long time.
#[tool(task = always)]
async fn long_job() -> String {
    "done".to_owned()
}

fn main() {}
