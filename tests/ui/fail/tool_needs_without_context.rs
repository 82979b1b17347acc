use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

/// Cannot ask the client anything: it takes no `&ToolContext`.
#[tool(needs(roots))]
fn list_roots(plugin: &PluginContext) -> String {
    plugin.id().to_owned()
}

fn main() {}
