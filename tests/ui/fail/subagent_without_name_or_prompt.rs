// A subagent needs a name and a system prompt.
tackle::plugin! {
    id: "team",
    subagents: [{ description: "Reviews code." }],
}

fn main() {}
