tackle::plugin! {
    name: "No id",
    description: "Forgot the id.",
}

fn main() {}
