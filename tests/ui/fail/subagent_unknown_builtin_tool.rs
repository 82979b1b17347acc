// Built-in tools are checked against the list, with the nearest name; a
// plugin's own tool belongs in `custom_tools`; a name listed twice is refused.
tackle::plugin! {
    id: "team",
    subagents: [{
        name: "reviewer",
        system_prompt: "Review.",
        tools: ["reed", "Bash", "count_lines", "grep", "grep"],
    }],
}

fn main() {}
