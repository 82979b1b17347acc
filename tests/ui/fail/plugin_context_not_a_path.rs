// A context injector is a path string or `{ path: ..., schema: ... }`.
tackle::plugin! {
    id: "house",
    context_injectors: [ui/context/rules.md],
}

fn main() {}
