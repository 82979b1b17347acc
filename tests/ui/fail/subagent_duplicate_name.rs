// Two subagents of one plugin with the same name.
tackle::plugin! {
    id: "team",
    subagents: [
        { name: "reviewer", system_prompt: "Review." },
        { name: "reviewer", system_prompt: "Review again." },
    ],
}

fn main() {}
