// A JSON context file that does not match its schema: every violation is shown.
tackle::plugin! {
    id: "house",
    context_injectors: [
        { path: "ui/context/bad_limits.json", schema: "ui/context/limits.schema.json" },
    ],
}

fn main() {}
