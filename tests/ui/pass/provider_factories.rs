// Every form of `#[provider]`: sync and async, with and without the typed
// context, returning the provider or a `Result`; built by a real host.
use tackle::def::BoxFuture;
use tackle::prelude::*;
use tackle::provider::{Message, Model, Provider, ProviderError, Reply, Request};
use tackle_runtime::{Host, PluginStatus};

tackle::plugin! { id: "models", config: ModelsConfig }

#[tackle::data]
#[derive(Deserialize, JsonSchema, Default)]
pub struct ModelsConfig {
    /// The model every provider here serves.
    pub model: String,
}

pub struct Echo {
    model: String,
}

impl Provider for Echo {
    fn models(&self) -> Vec<Model> {
        vec![Model::new(&self.model)]
    }

    fn complete(&self, request: Request) -> BoxFuture<Result<Reply, ProviderError>> {
        let text = request.last_user_text().unwrap_or_default().to_owned();
        Box::pin(async move { Ok(Reply::text(request.model, text)) })
    }
}

/// Sync, typed context.
#[provider]
fn echo(ctx: &PluginContext<ModelsConfig>) -> Echo {
    Echo { model: ctx.config().model.clone() }
}

/// Async, no parameter, named.
#[provider(name = "fixed-echo")]
async fn fixed() -> Echo {
    Echo { model: "fixed".into() }
}

#[provider(name = "checked", description = "Refuses to start without a model.")]
async fn checked(ctx: &PluginContext<ModelsConfig>) -> Result<Echo, String> {
    match ctx.config().model.as_str() {
        "" => Err("no model configured".into()),
        model => Ok(Echo { model: model.into() }),
    }
}

/// `impl Provider` works too.
#[provider]
fn opaque() -> impl Provider {
    Echo { model: "opaque".into() }
}

fn main() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a tokio runtime");
    runtime.block_on(async {
        let host = Host::builder()
            .config_toml("provider = \"echo\"\n[plugins.models]\nmodel = \"m1\"\n", "<inline>")
            .strict(true)
            .build()
            .await
            .expect("the host builds");
        let names: Vec<_> = host.providers().iter().map(|p| p.name()).collect();
        assert_eq!(names, ["echo", "fixed-echo", "checked", "opaque"]);
        let echo = host.default_provider().expect("configured");
        assert_eq!(echo.description(), "Sync, typed context.");
        assert_eq!(host.default_model(), Some("m1"));
        let reply = echo
            .provider()
            .complete(Request::new("m1").with_message(Message::user("hi")))
            .await
            .expect("reply");
        assert_eq!(reply.text, "hi");
        assert_eq!(host.provider("checked").expect("ok").description(), "Refuses to start without a model.");

        let without = Host::builder().build().await.expect("lenient");
        assert!(matches!(without.plugin("models").map(|p| p.status()), Some(PluginStatus::Failed(_))));
        assert!(without.providers().is_empty());
    });
}
