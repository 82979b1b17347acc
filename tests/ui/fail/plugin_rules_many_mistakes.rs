// Every mistake in `permission_rules` is reported at once, each on its own tokens.
tackle::plugin! {
    id: "guard",
    permission_rules: [
        { tool: "Bash", pattern: "rm {-rf", action: deny },
        { tool: "Bash", argument: "command", acton: ask },
        "Read: allow",
        { tool: "web_*", action: Deny },
    ],
}

fn main() {}
