tackle::plugin! {
    id "guard",
}

fn main() {}
