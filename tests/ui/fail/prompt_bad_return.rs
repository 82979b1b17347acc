// A prompt returns messages: String, PromptMessage, Vec<PromptMessage>, or a Result of one.
tackle::plugin! {
    id: "review",
}

/// A number is not a message.
#[tackle::prompt]
fn count() -> u32 {
    3
}

fn main() {}
