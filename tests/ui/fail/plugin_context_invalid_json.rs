// A JSON context file must parse.
tackle::plugin! {
    id: "house",
    context_injectors: ["ui/context/broken.json"],
}

fn main() {}
