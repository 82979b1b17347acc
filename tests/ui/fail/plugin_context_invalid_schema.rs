// A schema that is JSON but not a valid JSON Schema.
tackle::plugin! {
    id: "house",
    context_injectors: [
        { path: "ui/context/limits.json", schema: "ui/context/invalid.schema.json" },
    ],
}

fn main() {}
