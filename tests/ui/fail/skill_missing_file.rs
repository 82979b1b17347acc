// A skill file that does not exist is an error on its path.
tackle::plugin! {
    id: "skills",
    skills: ["ui/skills/nothing-here.md"],
}

fn main() {}
