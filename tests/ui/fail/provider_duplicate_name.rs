// Two providers of one crate with one name are refused.
use tackle::def::BoxFuture;
use tackle::prelude::*;
use tackle::provider::{Model, Provider, ProviderError, Reply, Request};

tackle::plugin! {
    id: "providers",
}

pub struct Canned;

impl Provider for Canned {
    fn models(&self) -> Vec<Model> {
        vec![Model::new("canned")]
    }

    fn complete(&self, request: Request) -> BoxFuture<Result<Reply, ProviderError>> {
        Box::pin(async move { Ok(Reply::text(request.model, "canned")) })
    }
}

/// Answers from a file.
#[provider]
fn canned() -> Canned {
    Canned
}

/// Answers from memory.
#[provider(name = "canned")]
fn in_memory() -> Canned {
    Canned
}

fn main() {}
