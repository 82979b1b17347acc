// An unknown frontmatter key is an error with the nearest known key.
tackle::plugin! {
    id: "skills",
    skills: ["ui/skills/unknown-key.md"],
}

fn main() {}
