tackle::plugin! {
    id: "guard",
    homepage: "https://example.invalid",
}

fn main() {}
