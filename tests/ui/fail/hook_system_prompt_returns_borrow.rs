// A `system_prompt` hook cannot return text borrowed from its event.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Repeats the prompt.
#[hook(system_prompt)]
fn repeat(ev: &SystemPrompt) -> &str {
    &ev.prompt
}

fn main() {}
