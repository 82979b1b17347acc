// A permission rule without an `action`.
tackle::plugin! {
    id: "guard",
    permission_rules: [
        { tool: "Bash", pattern: "rm *" },
    ],
}

fn main() {}
