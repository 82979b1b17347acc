// Only JSON context files take a `schema`.
tackle::plugin! {
    id: "house",
    context_injectors: [
        { path: "ui/context/rules.md", schema: "ui/context/limits.schema.json" },
    ],
}

fn main() {}
