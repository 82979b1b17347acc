tackle::plugin! {
    id: "MyPlugin",
}

fn main() {}
