// `args` at a point whose event has no tool arguments.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Looks at prompts about pushing.
#[hook(user_prompt_submit, args = "git push*")]
fn watch(ev: &UserPromptSubmit) {
    let _ = ev;
}

fn main() {}
