// `context_injectors` takes a list `[...]`.
tackle::plugin! {
    id: "house",
    context_injectors: "ui/context/rules.md",
}

fn main() {}
