// `&CommandContext<C>` takes the plugin's own config type.
use tackle::prelude::*;

tackle::plugin! {
    id: "cmds",
    config: Settings,
}

#[tackle::data]
#[derive(Deserialize, JsonSchema, Default)]
pub struct Settings {
    /// Depth.
    pub depth: u32,
}

#[tackle::data]
#[derive(Deserialize, JsonSchema, Default)]
pub struct Other {
    /// Width.
    pub width: u32,
}

/// Review a change.
#[command]
fn review(ctx: &CommandContext<Other>) -> String {
    ctx.config().width.to_string()
}

fn main() {}
