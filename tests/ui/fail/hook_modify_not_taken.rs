// `session_start` takes context only: a modify there is refused, inside `Option` too.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Rewrites the session's start.
#[hook(session_start)]
fn rewrite(ev: &SessionStart) -> Option<Decision> {
    ev.source.as_ref().map(|source| Decision::modify(source.clone()))
}

fn main() {}
