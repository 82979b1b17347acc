tackle::plugin! {
    id: "stateful",
    state: Tally,
}

pub struct Tally {
    count: u32,
}

fn main() {}
