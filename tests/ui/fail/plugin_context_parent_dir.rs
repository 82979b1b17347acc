// A context file path that leaves the crate with `..`.
tackle::plugin! {
    id: "house",
    context_injectors: ["../README.md"],
}

fn main() {}
