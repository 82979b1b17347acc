// An empty context file path.
tackle::plugin! {
    id: "house",
    context_injectors: [""],
}

fn main() {}
