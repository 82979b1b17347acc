// An observer hook cannot decide: returning `Decision` is refused.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Tries to refuse after the fact.
#[hook(after_turn_complete)]
fn refuse(ev: &AfterTurnComplete) -> Decision {
    let _ = ev;
    Decision::deny("too late")
}

fn main() {}
