// `on_error = "closed"` at an observer point, whose hooks cannot deny.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Records the end of a session.
#[hook(session_end, on_error = "closed")]
fn record(ev: &SessionEnd) {
    let _ = ev;
}

fn main() {}
