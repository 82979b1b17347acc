// A provider name that breaks `^[a-z][a-z0-9_-]*$`.
use tackle::def::BoxFuture;
use tackle::prelude::*;
use tackle::provider::{Model, Provider, ProviderError, Reply, Request};

pub struct Echo;

impl Provider for Echo {
    fn models(&self) -> Vec<Model> {
        vec![Model::new("echo")]
    }

    fn complete(&self, request: Request) -> BoxFuture<Result<Reply, ProviderError>> {
        Box::pin(async move { Ok(Reply::text(request.model, "echo")) })
    }
}

tackle::plugin! { id: "models" }

/// Echoes.
#[provider(name = "Open AI")]
fn echo() -> Echo {
    Echo
}

fn main() {}
