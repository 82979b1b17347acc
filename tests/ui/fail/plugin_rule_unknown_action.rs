// `action` is `allow`, `deny` or `ask`.
tackle::plugin! {
    id: "guard",
    permission_rules: [
        { tool: "Bash", pattern: "rm *", action: refuse },
    ],
}

fn main() {}
