// A skill file must start with YAML frontmatter.
tackle::plugin! {
    id: "skills",
    skills: ["ui/skills/no-frontmatter.md"],
}

fn main() {}
