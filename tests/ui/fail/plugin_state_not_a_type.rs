tackle::plugin! {
    id: "stateful",
    state: "Tally",
}

fn main() {}
