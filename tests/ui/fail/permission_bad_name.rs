// Permission names: lowercase letters, digits, `-`, `_`, `.`, starting with a
// letter; no plugin id (it is added), no `*` (the config's wildcard).
tackle::plugin! {
    id: "release",
    permissions: ["Publish", "Read Secrets", "release:publish", "pub*", "1st", ""],
}

fn main() {}
