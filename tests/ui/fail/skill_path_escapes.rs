// Skill paths stay inside the plugin crate: no `..`, no absolute paths, not empty.
tackle::plugin! {
    id: "skills",
    skills: ["../skills/safe-shell.md", "/etc/hosts", ""],
}

fn main() {}
