// Shapes a factory cannot have: generic, `unsafe`, `extern`.
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

/// Generic.
#[provider]
fn generic<T: Default>() -> Echo {
    let _ = T::default();
    Echo
}

/// Unsafe.
#[provider]
unsafe fn dangerous() -> Echo {
    Echo
}

/// Extern.
#[provider]
extern "C" fn foreign() -> Echo {
    Echo
}

fn main() {}
