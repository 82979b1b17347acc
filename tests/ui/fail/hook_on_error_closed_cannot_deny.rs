// `on_error = "closed"` at a decision point that cannot deny (`session_start`).
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Adds context at the start of a session.
#[hook(session_start, on_error = "closed")]
fn greet(ev: &SessionStart) -> Decision {
    let _ = ev;
    Decision::context("Be brief.")
}

fn main() {}
