// `permission_rules` takes a list `[...]`.
tackle::plugin! {
    id: "guard",
    permission_rules: { tool: "Bash", action: ask },
}

fn main() {}
