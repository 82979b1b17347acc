tackle::plugin! {
    id: "",
}

fn main() {}
