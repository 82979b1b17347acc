// A decision the point cannot take is refused where it is built: `stop` hooks do not ask.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Asks the user before the agent stops.
#[hook(stop)]
fn ask_first(ev: &Stop) -> Decision {
    let _ = ev;
    Decision::ask()
}

fn main() {}
