// A hook's return type written as `Decision<AnyPoint>` is not read as the point's: the message says to write `Decision` or use `.into()`.
use tackle::hook::AnyPoint;
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Refuses to stop.
#[hook(stop)]
fn keep_going(ev: &Stop) -> Decision<AnyPoint> {
    let _ = ev;
    Decision::deny("not done yet")
}

fn main() {}
