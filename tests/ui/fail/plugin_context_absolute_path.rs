// A context file path that is absolute.
tackle::plugin! {
    id: "house",
    context_injectors: ["/etc/hostname.md"],
}

fn main() {}
