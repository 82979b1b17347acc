// An in-flight key is computed from the payload, so it needs one.
fn key(_: &()) -> String {
    String::new()
}

tackle::plugin! {
    id: "team",
    subagents: [{ name: "reviewer", system_prompt: "Review.", in_flight_key: key }],
}

fn main() {}
