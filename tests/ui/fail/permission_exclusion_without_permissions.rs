// An exclusion in a plugin that declares no permissions.
tackle::plugin! {
    id: "release",
    owner_wildcard_exclusions: ["publish", 3],
}

fn main() {}
