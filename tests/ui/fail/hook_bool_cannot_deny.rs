// A `bool` denies when `false`: a point whose hooks cannot deny refuses it.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Whether the session may start.
#[hook(session_start)]
fn may_start(ev: &SessionStart) -> bool {
    ev.source.is_some()
}

fn main() {}
