// A subagent that is not a `{ ... }` table.
tackle::plugin! {
    id: "team",
    subagents: ["reviewer"],
}

fn main() {}
