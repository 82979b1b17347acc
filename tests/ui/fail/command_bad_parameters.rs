// Parameters: arguments by value and owned, contexts by shared reference,
// `#[positional]` and `#[args]` on arguments only.
use tackle::prelude::*;

tackle::plugin! {
    id: "cmds",
}

/// Review a change.
#[command]
fn review(
    path: &str,
    ctx: CommandContext,
    list: Vec<&'static str>,
    #[positional] plugin: &PluginContext,
    other: &mut CommandContext,
) {
    let _ = (path, ctx, list, plugin, other);
}

/// Ship.
#[command]
fn ship(#[args] a: Vec<String>, b: u32, #[positional] #[args] c: Vec<String>) {
    let _ = (a, b, c);
}

fn main() {}
