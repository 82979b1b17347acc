use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

/// Runs for a long time.
#[tool(task(required))]
async fn long_job() -> String {
    "done".to_owned()
}

fn main() {}
