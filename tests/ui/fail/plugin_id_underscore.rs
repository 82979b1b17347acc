tackle::plugin! {
    id: "my_plugin",
}

fn main() {}
