//! LLM providers: the [`Provider`] trait a model client implements, the
//! request and reply it speaks, and the declarations `#[provider]`
//! registers so that a host can list them and pick one.
//!
//! The types are the common ground of the chat APIs a Rust coding agent
//! talks to: a [`Request`] carries the model, a system prompt, the
//! conversation ([`Message`]s: user text, assistant turns with
//! [`ToolCall`]s, tool results), the tools the model may call
//! ([`ToolSpec`], which a `#[tool]`'s declaration converts into) and
//! [`Sampling`] options; a [`Reply`] carries text and/or tool calls, a
//! [`StopReason`] and [`Usage`]. A [`ProviderError`] says whether
//! retrying may help. A provider that streams also implements
//! [`Provider::complete_streaming`], which hands a [`TextSink`] the text as
//! it arrives (the default hands it over in one piece). Anthropic's and
//! the OpenAI-compatible APIs are the crate `tackle-providers`.
//!
//! ```
//! use tackle::def::BoxFuture;
//! use tackle::provider::{Model, Provider, ProviderError, Reply, Request};
//!
//! /// Answers every request with the last user message, reversed.
//! struct Backwards;
//!
//! impl Provider for Backwards {
//!     fn models(&self) -> Vec<Model> {
//!         vec![Model::new("backwards-1").with_context_window(4096)]
//!     }
//!
//!     fn complete(&self, request: Request) -> BoxFuture<Result<Reply, ProviderError>> {
//!         // Compute what the future needs now: it must not borrow `self`.
//!         let answer = match request.model.as_str() {
//!             "backwards-1" => Ok(Reply::text(
//!                 &request.model,
//!                 request.last_user_text().unwrap_or_default().chars().rev().collect::<String>(),
//!             )),
//!             other => Err(ProviderError::UnknownModel {
//!                 model: other.to_owned(),
//!                 served: vec!["backwards-1".into()],
//!             }),
//!         };
//!         Box::pin(async move { answer })
//!     }
//! }
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() {
//! use tackle::provider::Message;
//!
//! let request = Request::new("backwards-1").with_message(Message::user("stressed"));
//! assert_eq!(Backwards.complete(request).await.unwrap().text, "desserts");
//!
//! let other = Backwards.complete(Request::new("forwards-1")).await.unwrap_err();
//! assert!(matches!(other, ProviderError::UnknownModel { .. }));
//! assert!(!other.is_retryable());
//! # }
//! ```
//!
//! Register it with [`#[provider]`](macro@crate::provider) so that hosts
//! find it; see there.

mod error;
mod message;
mod reply;
mod request;

use std::fmt;
use std::sync::Arc;

pub use error::ProviderError;
pub use message::{Message, ToolCall, ToolSpec};
pub use reply::{Model, Reply, StopReason, Usage};
pub use request::{Request, Sampling, ToolChoice};

use crate::future::BoxFuture;
use crate::location::SourceLocation;
use crate::plugin::PluginInfo;
use crate::plugin::{AnyConfig, PluginDef};

/// A model client: something that answers a [`Request`] with the model's
/// next turn.
///
/// Object-safe (hosts hold an `Arc<dyn Provider>`), `Send + Sync` (one
/// provider serves concurrent sessions). `complete` returns a `'static`
/// future, so a provider keeps what requests share behind an `Arc` (an
/// HTTP client, a key) and clones it into the future.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an LLM provider",
    label = "this type does not implement `tackle::provider::Provider`",
    note = "implement it: `impl Provider for {Self} {{ fn models(&self) -> Vec<Model> {{ ... }} fn complete(&self, request: Request) -> BoxFuture<Result<Reply, ProviderError>> {{ ... }} }}`"
)]
pub trait Provider: Send + Sync + 'static {
    /// The models it serves, the default first. Called when the host
    /// starts, for listings and to pick a default model.
    fn models(&self) -> Vec<Model>;

    /// Asks the model for its next turn.
    fn complete(&self, request: Request) -> BoxFuture<Result<Reply, ProviderError>>;

    /// Asks the model for its next turn, handing `sink` its text as it
    /// arrives; the [`Reply`] is the whole turn, as
    /// [`complete`](Provider::complete) returns it. The default calls
    /// `complete` and hands over the text in one piece; a provider that
    /// streams overrides it.
    fn complete_streaming(
        &self,
        request: Request,
        sink: TextSink,
    ) -> BoxFuture<Result<Reply, ProviderError>> {
        let reply = self.complete(request);
        Box::pin(async move {
            let reply = reply.await?;
            if !reply.text.is_empty() {
                sink(&reply.text);
            }
            Ok(reply)
        })
    }
}

/// Where [`Provider::complete_streaming`] hands the model's text, piece by
/// piece, as it arrives.
pub type TextSink = Arc<dyn Fn(&str) + Send + Sync>;

impl<P: Provider + ?Sized> Provider for Arc<P> {
    fn models(&self) -> Vec<Model> {
        (**self).models()
    }

    fn complete(&self, request: Request) -> BoxFuture<Result<Reply, ProviderError>> {
        (**self).complete(request)
    }

    fn complete_streaming(
        &self,
        request: Request,
        sink: TextSink,
    ) -> BoxFuture<Result<Reply, ProviderError>> {
        (**self).complete_streaming(request, sink)
    }
}

/// Builds a provider from its plugin's info and config, as `#[provider]`
/// generates it; the runtime calls it once when the host starts. `Err`
/// says why the provider could not be built.
pub type ProviderFactory =
    fn(Arc<PluginInfo>, AnyConfig) -> BoxFuture<Result<Arc<dyn Provider>, String>>;

/// One provider, as declared by `#[provider]`.
pub struct ProviderDef {
    /// The plugin whose crate declared it.
    pub plugin: &'static PluginDef,
    /// The name hosts select it by: `^[a-z][a-z0-9_-]*$`, at most 64
    /// characters (checked at compile time).
    pub name: &'static str,
    /// What it is, from the doc comment or `description = "..."`.
    pub description: &'static str,
    /// The Rust function that builds it.
    pub function: &'static str,
    /// Where it was written.
    pub location: SourceLocation,
    /// The generated glue that builds it.
    pub build: ProviderFactory,
}

impl fmt::Debug for ProviderDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ProviderDef")
            .field("plugin", &self.plugin.id)
            .field("name", &self.name)
            .field("function", &self.function)
            .field("location", &self.location)
            .finish_non_exhaustive()
    }
}

/// Every provider linked into this binary, in link order (the runtime sorts them).
pub fn linked_providers() -> impl Iterator<Item = &'static ProviderDef> {
    crate::__private::linked::<crate::__private::ProviderRegistration>()
}
