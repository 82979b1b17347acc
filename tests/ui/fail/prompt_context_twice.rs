use tackle::prompt::PromptContext;

tackle::plugin! {
    id: "served",
}

/// Asks twice over.
#[tackle::prompt]
fn twice(first: &PromptContext, second: &PromptContext) -> String {
    format!("{first:?} {second:?}")
}

fn main() {}
