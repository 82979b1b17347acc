// `skills` takes a list, even of one file.
tackle::plugin! {
    id: "skills",
    skills: "ui/skills/safe-shell.md",
}

fn main() {}
