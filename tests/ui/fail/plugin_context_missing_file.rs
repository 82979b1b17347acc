// A context file that does not exist.
tackle::plugin! {
    id: "house",
    context_injectors: ["ui/context/house-rules.md"],
}

fn main() {}
