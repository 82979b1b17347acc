// `argument` names what `pattern` looks at, so it needs a `pattern`.
tackle::plugin! {
    id: "guard",
    permission_rules: [
        { tool: "Bash", argument: "command", action: deny },
    ],
}

fn main() {}
