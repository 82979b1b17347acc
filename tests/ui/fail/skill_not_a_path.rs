// `skills` takes a list of paths in string literals.
tackle::plugin! {
    id: "skills",
    skills: [safe_shell, 3],
}

fn main() {}
