tackle::plugin! {
    id: "a-plugin-id-that-goes-on-and-on-far-beyond-what-any-agent-accepts-as-a-name",
}

fn main() {}
