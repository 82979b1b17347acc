// A factory whose return type does not implement `Provider`.
use tackle::prelude::*;

tackle::plugin! { id: "models" }

pub struct NotAModel;

/// Returns something that is no provider.
#[provider]
fn echo() -> NotAModel {
    NotAModel
}

/// Returns a `Result` of something that is no provider.
#[provider]
fn other() -> Result<String, String> {
    Ok(String::new())
}

fn main() {}
