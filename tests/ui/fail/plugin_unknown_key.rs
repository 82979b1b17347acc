tackle::plugin! {
    id: "guard",
    descripton: "Stops destructive shell commands.",
}

fn main() {}
