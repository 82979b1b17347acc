use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

use std::rc::Rc;

async fn pause() {}

/// Holds an `Rc` across an `.await`.
#[tool]
async fn count_lines(text: String) -> String {
    let shared = Rc::new(text);
    pause().await;
    shared.lines().count().to_string()
}

fn main() {}
