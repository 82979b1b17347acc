// `path` and `schema` take string literals.
tackle::plugin! {
    id: "house",
    context_injectors: [
        { path: ui/context/limits.json },
    ],
}

fn main() {}
