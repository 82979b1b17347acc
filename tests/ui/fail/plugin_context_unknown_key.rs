// A misspelt key in `{ ... }` of a context injector gets the closest known one.
tackle::plugin! {
    id: "house",
    context_injectors: [
        { path: "ui/context/limits.json", shema: "ui/context/limits.schema.json" },
    ],
}

fn main() {}
