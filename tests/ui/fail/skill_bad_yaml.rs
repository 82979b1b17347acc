// A skill whose frontmatter is not valid YAML is an error naming the file and line, not a skipped skill.
tackle::plugin! {
    id: "skills",
    skills: ["ui/skills/bad-yaml.md"],
}

fn main() {}
