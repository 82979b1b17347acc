// A key set twice in one permission rule.
tackle::plugin! {
    id: "guard",
    permission_rules: [
        { tool: "Bash", action: ask, action: deny },
    ],
}

fn main() {}
