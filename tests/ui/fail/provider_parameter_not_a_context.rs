// A reference parameter tackle has nothing to fill with.
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

/// Asks for a tool context.
#[provider]
fn echo(ctx: &ToolContext) -> Echo {
    let _ = ctx;
    Echo
}

fn main() {}
