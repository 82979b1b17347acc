// A JSON context file and its schema are checked independently: both problems are reported.
tackle::plugin! {
    id: "house",
    context_injectors: [
        { path: "ui/context/broken.json", schema: "ui/context/invalid.schema.json" },
    ],
}

fn main() {}
