// `name` must be a string and `enabled` a boolean; both are reported with their lines.
tackle::plugin! {
    id: "skills",
    skills: ["ui/skills/wrong-types.md"],
}

fn main() {}
