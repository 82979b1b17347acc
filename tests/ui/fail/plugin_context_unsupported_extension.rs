// A context file is Markdown, text or JSON.
tackle::plugin! {
    id: "house",
    context_injectors: ["ui/context/limits.yaml"],
}

fn main() {}
