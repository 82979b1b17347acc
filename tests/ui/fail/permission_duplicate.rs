// A permission declared twice, in either form.
tackle::plugin! {
    id: "release",
    permissions: ["publish", { name: "publish", description: "Again." }],
}

fn main() {}
