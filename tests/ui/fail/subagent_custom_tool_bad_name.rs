// A custom tool's name must be a possible `#[tool]` name.
tackle::plugin! {
    id: "team",
    subagents: [{
        name: "reviewer",
        system_prompt: "Review.",
        custom_tools: ["count lines", 42],
    }],
}

fn main() {}
