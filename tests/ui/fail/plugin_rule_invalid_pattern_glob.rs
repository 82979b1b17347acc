// The `pattern` glob of a permission rule must parse.
tackle::plugin! {
    id: "guard",
    permission_rules: [
        { tool: "Bash", pattern: "rm {-rf,-fr", action: deny },
    ],
}

fn main() {}
