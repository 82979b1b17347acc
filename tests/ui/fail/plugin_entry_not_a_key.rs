tackle::plugin! {
    id: "guard",
    42: "the answer",
}

fn main() {}
