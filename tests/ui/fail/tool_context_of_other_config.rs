use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
    config: ToolsConfig,
}

#[tackle::data]
#[derive(Deserialize, JsonSchema, Default)]
pub struct ToolsConfig {
    pub verbose: bool,
}

#[tackle::data]
#[derive(Deserialize, JsonSchema, Default)]
pub struct OtherConfig {
    pub verbose: bool,
}

/// Counts lines.
#[tool]
fn count_lines(ctx: &ToolContext<OtherConfig>, text: String) -> String {
    format!("{} {}", ctx.config().verbose, text.lines().count())
}

fn main() {}
