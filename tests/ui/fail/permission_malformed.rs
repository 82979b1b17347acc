// A permission is a name or `{ name, description }`: other values, unknown
// keys and a missing name are refused.
tackle::plugin! {
    id: "release",
    permissions: [
        42,
        { name: "yank", descripton: "Remove a version." },
        { description: "No name." },
        { name: publish },
    ],
}

fn main() {}
