// A misspelt key in a permission rule gets the closest known one.
tackle::plugin! {
    id: "guard",
    permission_rules: [
        { tool: "Bash", patern: "rm *", action: deny },
    ],
}

fn main() {}
