// Two skills of one plugin cannot share a name.
tackle::plugin! {
    id: "skills",
    skills: ["ui/skills/safe-shell.md", "ui/skills/same-name.md"],
}

fn main() {}
