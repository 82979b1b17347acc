// `permission_request` takes no context: `with_context` there is refused, inside `Result` too.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Refuses writes, with a note for the model.
#[hook(permission_request, matcher = "Write")]
fn no_writes(ev: &PermissionRequest) -> Result<Decision, String> {
    let _ = ev;
    Ok(Decision::deny("no writes").with_context("Read only here."))
}

fn main() {}
