// `argument` cannot be empty.
tackle::plugin! {
    id: "guard",
    permission_rules: [
        { tool: "Bash", pattern: "rm *", argument: "", action: deny },
    ],
}

fn main() {}
