// Subagent names are `^[a-z][a-z0-9-]*$`; a fix is suggested.
tackle::plugin! {
    id: "team",
    subagents: [
        { name: "Code Reviewer", system_prompt: "Review." },
        { name: "2nd", system_prompt: "Review." },
        { name: "", system_prompt: "Review." },
    ],
}

fn main() {}
