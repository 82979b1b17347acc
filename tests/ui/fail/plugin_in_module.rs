mod inner {
    tackle::plugin! {
        id: "guard",
    }
}

fn main() {}
