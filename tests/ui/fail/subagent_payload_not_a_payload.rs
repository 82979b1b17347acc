// A payload type must be `Serialize + Deserialize + JsonSchema`: one
// message, on the type.
pub struct Request {
    pub path: String,
}

tackle::plugin! {
    id: "team",
    subagents: [{ name: "reviewer", system_prompt: "Review.", payload: Request }],
}

fn main() {}
