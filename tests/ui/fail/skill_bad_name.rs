// A skill name follows the Agent Skills rule: lowercase words joined by `-`.
tackle::plugin! {
    id: "skills",
    skills: ["ui/skills/bad-name.md"],
}

fn main() {}
