// A helper generic over the point says what it decides (`P: Takes<takes::Deny>`); without the bound, the decision is refused.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Refuses `.env` files, at any point.
fn no_env<P>(path: &str) -> Option<Decision<P>> {
    path.ends_with(".env").then(|| Decision::deny("secrets stay out"))
}

/// Reads of `.env` files.
#[hook(before_tool_call, matcher = "Read")]
fn no_env_read(ev: &BeforeToolCall) -> Option<Decision> {
    no_env(ev.arguments["file_path"].as_str().unwrap_or(""))
}

fn main() {}
