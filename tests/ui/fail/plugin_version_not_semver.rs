tackle::plugin! {
    id: "guard",
    version: "1.0",
}

fn main() {}
