// A command is a free, concrete, safe function.
use tackle::prelude::*;

tackle::plugin! {
    id: "cmds",
}

/// Review a change.
#[command]
fn review<T: Default>() {
    let _ = T::default();
}

/// Unsafe.
#[command]
unsafe fn ship() {}

/// Returns a borrow.
#[command]
fn name(ctx: &CommandContext) -> &str {
    ctx.line()
}

fn main() {}
