// `{ ... }` of a context injector needs a `path`.
tackle::plugin! {
    id: "house",
    context_injectors: [
        { schema: "ui/context/limits.schema.json" },
    ],
}

fn main() {}
