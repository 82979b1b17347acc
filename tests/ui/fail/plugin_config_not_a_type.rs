tackle::plugin! {
    id: "guard",
    config: "GuardConfig",
}

fn main() {}
