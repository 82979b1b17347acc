tackle::plugin! {
    id: 42,
}

fn main() {}
