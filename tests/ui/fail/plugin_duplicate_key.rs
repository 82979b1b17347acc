tackle::plugin! {
    id: "guard",
    description: "Stops destructive shell commands.",
    description: "Stops rm -rf.",
}

fn main() {}
