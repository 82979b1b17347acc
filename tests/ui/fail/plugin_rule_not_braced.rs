// Each permission rule is written `{ key: value, ... }`.
tackle::plugin! {
    id: "guard",
    permission_rules: [
        { tool: "Bash", action: ask },
        ("Read", allow),
    ],
}

fn main() {}
