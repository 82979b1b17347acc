//! Glue `#[provider]` generates calls into: the factory's context and its
//! return value.

use std::sync::Arc;

use crate::__private::PluginDecl;
use crate::plugin::AnyConfig;
use crate::provider::Provider;
use crate::{BoxError, PluginContext, PluginInfo};

/// What a `#[provider]` function may take by reference: the context of its
/// plugin, typed by the plugin's config (`PluginContext<()>` for a plugin
/// without one). Another config type fails on this impl, and rustc then
/// points at the plugin's config type.
#[diagnostic::on_unimplemented(
    message = "a `#[provider]` function cannot take `&{Self}`",
    label = "tackle has no `{Self}` to give a provider factory",
    note = "a provider factory takes no parameter, or `&PluginContext<Config>` with the plugin's config type (the type in `plugin! {{ config: ... }}`; plain `&PluginContext` when there is none)"
)]
pub trait FactoryParam<P>: Sized {
    /// Builds the value the factory borrows.
    fn from_factory(info: Arc<PluginInfo>, config: AnyConfig) -> Result<Self, String>;
}

impl<P: PluginDecl> FactoryParam<P> for PluginContext<P::Config>
where
    P::Config: Send + Sync + 'static,
{
    fn from_factory(info: Arc<PluginInfo>, config: AnyConfig) -> Result<Self, String> {
        let config = crate::invocation::config_or_error::<P::Config>(&info, &config)?;
        Ok(PluginContext::new(info, config))
    }
}

/// What a `#[provider]` function may return: a [`Provider`], or a `Result`
/// of one whose error says why it could not be built.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an LLM provider, nor a `Result` of one",
    label = "a `#[provider]` function returns a type that implements `tackle::provider::Provider`, or a `Result` of one",
    note = "implement the trait for your provider type: `impl Provider for MyProvider {{ fn models(&self) -> Vec<Model> {{ ... }} fn complete(&self, request: Request) -> BoxFuture<Result<Reply, ProviderError>> {{ ... }} }}`",
    note = "a `Result`'s error must convert into `BoxError` (any `std::error::Error`, `String`, `&str`)"
)]
pub trait IntoProvider {
    /// The provider, shared, or why there is none.
    fn into_provider(self) -> Result<Arc<dyn Provider>, String>;
}

impl<P: Provider> IntoProvider for P {
    fn into_provider(self) -> Result<Arc<dyn Provider>, String> {
        Ok(Arc::new(self))
    }
}

impl<P: Provider, E: Into<BoxError>> IntoProvider for Result<P, E> {
    fn into_provider(self) -> Result<Arc<dyn Provider>, String> {
        match self {
            Ok(provider) => Ok(Arc::new(provider)),
            Err(e) => Err(crate::tool::error_chain(&*e.into())),
        }
    }
}

/// Turns what a `#[provider]` function returned into the shared provider.
pub fn into_provider<R: IntoProvider>(value: R) -> Result<Arc<dyn Provider>, String> {
    value.into_provider()
}
