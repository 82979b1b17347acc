// Every mistake in one `plugin!` is reported in the same build, and the
// plugin is still declared: its tools add no error of their own.
use tackle::prelude::*;

tackle::plugin! {
    id: "My_Plugin",
    nmae: "Guard",
    version: "one",
    description: 7,
    config: "Config",
    version: "1.0.0",
}

/// Names the tool.
#[tool]
fn whoami(ctx: &ToolContext, plugin: &PluginContext) -> String {
    format!("{} of {}", ctx.tool_name(), plugin.id())
}

fn main() {}
