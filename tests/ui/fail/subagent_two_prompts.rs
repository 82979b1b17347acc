// A subagent has one system prompt: inline or from a file, not both.
tackle::plugin! {
    id: "team",
    subagents: [{
        name: "reviewer",
        system_prompt: "Review.",
        system_prompt_file: "ui/context/critic.md",
    }],
}

fn main() {}
