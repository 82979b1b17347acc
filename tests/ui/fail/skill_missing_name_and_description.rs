// `name` and `description` are required; both are reported at once.
tackle::plugin! {
    id: "skills",
    skills: ["ui/skills/no-name.md"],
}

fn main() {}
