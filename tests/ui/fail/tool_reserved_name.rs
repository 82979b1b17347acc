// `tackle_hook` is the tool agents' hooks call on the plugins' MCP server:
// no tool may take it, by `name = ...` or by its function's name.
use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

/// Answers hooks, it says.
#[tool(name = "tackle_hook")]
fn answer(text: String) -> String {
    text
}

/// Answers hooks too.
#[tool]
fn tackle_hook(text: String) -> String {
    text
}

fn main() {}
