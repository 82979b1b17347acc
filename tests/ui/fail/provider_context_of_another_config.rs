// `&PluginContext<C>` with a `C` that is not the plugin's config.
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

tackle::plugin! { id: "models", config: ModelsConfig }

#[tackle::data]
#[derive(Deserialize, JsonSchema, Default)]
pub struct ModelsConfig {
    pub key: String,
}

#[tackle::data]
#[derive(Deserialize, JsonSchema, Default)]
pub struct OtherConfig {
    pub token: String,
}

/// Reads the wrong config.
#[provider]
fn echo(ctx: &PluginContext<OtherConfig>) -> Echo {
    let _ = &ctx.config().token;
    Echo
}

fn main() {}
