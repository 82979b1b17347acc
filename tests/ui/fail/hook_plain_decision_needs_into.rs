// A `Decision` with no point (built by a helper at run time) is not the point's: rustc suggests `.into()`, which leaves the check to the host.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// The decision a config names, read at run time.
fn configured(action: &str) -> Decision {
    match action {
        "deny" => Decision::deny("the config says so"),
        "ask" => Decision::ask(),
        _ => Decision::ABSTAIN,
    }
}

/// Whatever the config says.
#[hook(stop)]
fn scripted(ev: &Stop) -> Decision {
    let _ = ev;
    configured("ask")
}

fn main() {}
