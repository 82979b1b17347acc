// A misspelt key in a subagent is named, with the nearest key; it does not
// also count as a missing prompt.
tackle::plugin! {
    id: "team",
    subagents: [{ name: "reviewer", system_promt: "Review." }],
}

fn main() {}
