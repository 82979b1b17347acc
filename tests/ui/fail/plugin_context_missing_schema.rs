// The schema named for a JSON context file must exist.
tackle::plugin! {
    id: "house",
    context_injectors: [
        { path: "ui/context/limits.json", schema: "ui/context/limit.schema.json" },
    ],
}

fn main() {}
