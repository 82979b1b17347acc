// A key set twice in `{ ... }` of a context injector.
tackle::plugin! {
    id: "house",
    context_injectors: [
        { path: "ui/context/limits.json", path: "ui/context/rules.md" },
    ],
}

fn main() {}
