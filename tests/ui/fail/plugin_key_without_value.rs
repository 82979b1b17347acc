tackle::plugin! {
    id: "guard",
    description:,
}

fn main() {}
