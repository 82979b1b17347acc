// Parameters a factory cannot take: by value, `&mut`, one too many.
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

/// By value.
#[provider]
fn by_value(ctx: PluginContext) -> Echo {
    let _ = ctx;
    Echo
}

/// Mutable.
#[provider]
fn mutable(ctx: &mut PluginContext) -> Echo {
    let _ = ctx;
    Echo
}

/// Two.
#[provider]
fn two(ctx: &PluginContext, model: String) -> Echo {
    let _ = (ctx, model);
    Echo
}

fn main() {}
