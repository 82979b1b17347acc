tackle::plugin! {
    id: "guard",
    "description": "Stops destructive shell commands.",
}

fn main() {}
