// `tool`, `pattern` and `argument` take string literals.
tackle::plugin! {
    id: "guard",
    permission_rules: [
        { tool: Bash, action: ask },
    ],
}

fn main() {}
