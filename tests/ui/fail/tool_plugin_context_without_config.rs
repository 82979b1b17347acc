use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

#[tackle::data]
#[derive(Deserialize, JsonSchema, Default)]
pub struct SomeConfig {
    pub verbose: bool,
}

/// Counts lines. The plugin declares no config, so there is no
/// `PluginContext<SomeConfig>` to give.
#[tool]
fn count_lines(plugin: &PluginContext<SomeConfig>, text: String) -> String {
    format!("{} {}", plugin.config().verbose, text.lines().count())
}

fn main() {}
