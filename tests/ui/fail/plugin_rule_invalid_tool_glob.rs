// The `tool` glob of a permission rule must parse.
tackle::plugin! {
    id: "guard",
    permission_rules: [
        { tool: "web_[a-", action: deny },
    ],
}

fn main() {}
