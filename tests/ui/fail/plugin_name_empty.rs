tackle::plugin! {
    id: "guard",
    name: "  ",
}

fn main() {}
