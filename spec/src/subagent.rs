//! What `plugin! { subagents: [...] }` checks and `tackle::subagent` lists.

/// The built-in tools a subagent may name in `tools: [...]`: the agent's
/// own file, shell and web tools, as TypeClaw references them. Anything
/// else is a compile error (with the nearest name suggested); a plugin's
/// own `#[tool]`s go in `custom_tools`.
pub const BUILTIN_TOOLS: &[&str] = &[
    "read",
    "write",
    "edit",
    "bash",
    "grep",
    "find",
    "ls",
    "web_search",
    "web_fetch",
];
