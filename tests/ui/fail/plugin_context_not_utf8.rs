// A context file that is not UTF-8 text.
tackle::plugin! {
    id: "house",
    context_injectors: ["ui/context/latin1.md"],
}

fn main() {}
