// Files named in `plugin!` that lead out of the crate through a symbolic link.
tackle::plugin! {
    id: "house",
    context_injectors: ["ui/context/leak.md"],
    skills: ["ui/skills/leak.md"],
}

fn main() {}
