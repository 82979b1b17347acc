// `in_flight_key` is a `fn(&Payload) -> String`; the error is on the function.
use tackle::prelude::*;

#[tackle::data]
#[derive(Serialize, Deserialize, JsonSchema)]
pub struct Request {
    pub path: String,
}

fn by_length(request: &Request) -> usize {
    request.path.len()
}

tackle::plugin! {
    id: "team",
    subagents: [{
        name: "reviewer",
        system_prompt: "Review.",
        payload: Request,
        in_flight_key: by_length,
    }],
}

fn main() {}
