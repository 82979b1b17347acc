//! Providers the host builds from the config rather than from a linked
//! `#[provider]`: model APIs (Anthropic's, OpenAI's) whose base URL, key
//! variable and limits are settings. The engine speaks no API itself; a
//! [`ProviderSource`] given to [`HostBuilder::provider_source`](crate::HostBuilder::provider_source)
//! does (`tackle-runtime` gives `tackle-providers`'). [`Host::resolve_provider`]
//! picks a provider for a run, linked or built, with its model.

use std::fmt;
use std::sync::Arc;

use tackle::provider::Provider;

use super::Host;
use crate::config::ProviderSettings;
use crate::suggest;

/// Builds providers by name from [`ProviderSettings`].
pub trait ProviderSource: Send + Sync + 'static {
    /// The names it builds, each with what it is.
    fn names(&self) -> Vec<(&'static str, &'static str)>;

    /// Builds provider `settings.name` (one of [`names`](ProviderSource::names))
    /// with its base URL, key variable and limits; `Err` says what to fix
    /// (a key variable that is not set, a malformed URL).
    fn build(&self, settings: &ProviderSettings) -> Result<Arc<dyn Provider>, String>;
}

#[derive(Clone)]
pub(crate) struct Source(pub(crate) Arc<dyn ProviderSource>);

impl fmt::Debug for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.0.names().iter().map(|(name, _)| name))
            .finish()
    }
}

/// A provider chosen for a run, with the model to ask.
#[derive(Clone)]
pub struct ResolvedProvider {
    /// Its name (a linked provider's, or an API's).
    pub name: String,
    /// The provider.
    pub provider: Arc<dyn Provider>,
    /// The model to ask.
    pub model: String,
}

impl fmt::Debug for ResolvedProvider {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ResolvedProvider")
            .field("name", &self.name)
            .field("model", &self.model)
            .finish_non_exhaustive()
    }
}

/// LLM providers: the model APIs the config names.
impl Host {
    /// The names the host's [`ProviderSource`] builds, with what each is.
    pub fn api_providers(&self) -> Vec<(&'static str, &'static str)> {
        self.provider_source
            .as_ref()
            .map(|s| s.0.names())
            .unwrap_or_default()
    }

    /// The provider and model a run uses: `settings` (the config's
    /// `[provider]`, a job's overrides, a command line's flags) naming a
    /// linked `#[provider]` or one the [`ProviderSource`] builds. Without a
    /// name, the only linked provider. `Err` says what to set.
    ///
    /// ```
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() {
    /// use tackle_host::Host;
    /// use tackle_host::config::ProviderSettings;
    ///
    /// let host = Host::builder().build().await.unwrap();
    /// let none = host.resolve_provider(&ProviderSettings::default()).unwrap_err();
    /// assert!(none.contains("no provider is configured"), "{none}");
    /// # }
    /// ```
    pub fn resolve_provider(
        &self,
        settings: &ProviderSettings,
    ) -> Result<ResolvedProvider, String> {
        let linked = match &settings.name {
            Some(name) => self.providers().iter().find(|p| p.name() == name),
            None => match self.providers() {
                [only] => Some(only),
                _ => None,
            },
        };
        if let Some(loaded) = linked {
            if settings.has_api_fields() {
                return Err(format!(
                    "provider `{}` is a linked plugin's: `base_url` and `api_key_env` apply only to the API providers ({})",
                    loaded.name(),
                    self.api_listing()
                ));
            }
            let model = settings
                .model
                .clone()
                .or_else(|| loaded.models().first().map(|m| m.id.clone()))
                .ok_or_else(|| {
                    format!(
                        "provider `{}` lists no model; name one (`[provider] model`, or --model)",
                        loaded.name()
                    )
                })?;
            return Ok(ResolvedProvider {
                name: loaded.name().to_owned(),
                provider: loaded.provider().clone(),
                model,
            });
        }
        let Some(name) = &settings.name else {
            return Err(format!(
                "no provider is configured: set `provider = \"...\"` in tackle.toml (linked: {}; APIs: {})",
                suggest::listing(
                    &self
                        .providers()
                        .iter()
                        .map(|p| p.name())
                        .collect::<Vec<_>>()
                ),
                self.api_listing()
            ));
        };
        let source = self
            .provider_source
            .as_ref()
            .filter(|s| s.0.names().iter().any(|(n, _)| n == name));
        let Some(source) = source else {
            // A linked provider whose plugin is off says so.
            if let Err(e) = self.provider(name)
                && !matches!(e, super::ProviderChoiceError::Unknown { .. })
            {
                return Err(e.to_string());
            }
            let mut known: Vec<&str> = self.providers().iter().map(|p| p.name()).collect();
            known.extend(self.api_providers().iter().map(|(n, _)| *n));
            return Err(format!(
                "no provider is named `{name}`{} (providers: {})",
                suggest::did_you_mean(name, &known),
                suggest::listing(&known)
            ));
        };
        let Some(model) = settings.model.clone() else {
            return Err(format!(
                "provider `{name}` needs a model: set `[provider] model` in tackle.toml, or pass --model"
            ));
        };
        let provider = source.0.build(settings)?;
        Ok(ResolvedProvider {
            name: name.clone(),
            provider,
            model,
        })
    }

    fn api_listing(&self) -> String {
        suggest::listing(
            &self
                .api_providers()
                .iter()
                .map(|(n, _)| *n)
                .collect::<Vec<_>>(),
        )
    }
}
