//! The host's LLM providers: built from their plugins' configs when the
//! host starts, listed, and selected by name or by the config's default.

pub(super) mod source;

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use tackle::Problem;
use tackle::def::{PluginDef, ProviderDef};
use tackle::provider::{Model, Provider};

use super::contain::{contain, contain_future, panic_message, start_within};
use super::{Host, LoadState};
use crate::config::HostConfig;
use crate::registry::Registry;
use crate::suggest;

/// A provider the host offers: its plugin runs, and its factory built it.
#[derive(Clone)]
pub struct LoadedProvider {
    def: &'static ProviderDef,
    provider: Arc<dyn Provider>,
    models: Vec<Model>,
}

impl LoadedProvider {
    /// The name hosts select it by.
    pub fn name(&self) -> &'static str {
        self.def.name
    }

    /// The id of the plugin that declared it.
    pub fn plugin(&self) -> &'static str {
        self.def.plugin.id
    }

    /// What it is.
    pub fn description(&self) -> &'static str {
        self.def.description
    }

    /// The models it serves, the default first (asked once, at start).
    pub fn models(&self) -> &[Model] {
        &self.models
    }

    /// Its declaration.
    pub fn def(&self) -> &'static ProviderDef {
        self.def
    }

    /// The provider itself, to send requests to.
    pub fn provider(&self) -> &Arc<dyn Provider> {
        &self.provider
    }
}

impl fmt::Debug for LoadedProvider {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LoadedProvider")
            .field("name", &self.def.name)
            .field("plugin", &self.def.plugin.id)
            .field("models", &self.models)
            .finish_non_exhaustive()
    }
}

/// Why no provider could be selected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProviderChoiceError {
    /// No linked provider has this name.
    #[error("no provider is named `{name}`{suggestion} (providers: {known})")]
    Unknown {
        /// The name asked for.
        name: String,
        /// `; did you mean ...?`, or empty.
        suggestion: String,
        /// The linked providers.
        known: String,
    },
    /// Its plugin does not run.
    #[error("provider `{name}` belongs to plugin `{plugin}`, which {why}")]
    Unavailable {
        /// The provider.
        name: String,
        /// Its plugin.
        plugin: String,
        /// Why the plugin is off.
        why: String,
    },
    /// Several providers are linked and the config names none.
    #[error(
        "several providers are linked ({known}) and none is the default: set `provider = \"...\"` in the host config"
    )]
    NoDefault {
        /// The linked providers.
        known: String,
    },
    /// No provider is linked at all.
    #[error(
        "no provider is linked into this binary: link a plugin crate that declares a `#[provider]` (`tackle_runtime::link!(...)`)"
    )]
    NoneLinked,
}

/// The providers a host offers and which one is the default.
#[derive(Debug, Default)]
pub(crate) struct Providers {
    offered: Vec<LoadedProvider>,
    /// The default's name: the config's `provider`, or the only linked one.
    default: Option<&'static str>,
    /// The default model: the config's, or the default provider's first.
    model: Option<String>,
}

/// LLM providers: the plugins' providers, listed and selected.
impl Host {
    /// The providers this host offers, in plugin order then source
    /// location. Providers of plugins that are off are not offered.
    pub fn providers(&self) -> &[LoadedProvider] {
        &self.providers.offered
    }

    /// The provider named `name`.
    pub fn provider(&self, name: &str) -> Result<&LoadedProvider, ProviderChoiceError> {
        if let Some(found) = self.providers.offered.iter().find(|p| p.name() == name) {
            return Ok(found);
        }
        let linked: Vec<&str> = self.registry.providers().iter().map(|p| p.name).collect();
        match self.registry.providers().iter().find(|p| p.name == name) {
            Some(def) => Err(ProviderChoiceError::Unavailable {
                name: name.to_owned(),
                plugin: def.plugin.id.to_owned(),
                why: self.why_off(def.plugin.id),
            }),
            None => Err(ProviderChoiceError::Unknown {
                name: name.to_owned(),
                suggestion: suggest::did_you_mean(name, &linked),
                known: suggest::listing(&linked),
            }),
        }
    }

    /// The default provider: the config's `provider`, or the only one linked.
    pub fn default_provider(&self) -> Result<&LoadedProvider, ProviderChoiceError> {
        match self.providers.default {
            Some(name) => self.provider(name),
            None if self.registry.providers().is_empty() => Err(ProviderChoiceError::NoneLinked),
            None => Err(ProviderChoiceError::NoDefault {
                known: suggest::listing(
                    &self
                        .registry
                        .providers()
                        .iter()
                        .map(|p| p.name)
                        .collect::<Vec<_>>(),
                ),
            }),
        }
    }

    /// The model to ask the default provider for: the config's
    /// `[provider] model`, else the provider's first; `None` when there is
    /// no default provider or it lists no model.
    pub fn default_model(&self) -> Option<&str> {
        self.providers.model.as_deref()
    }

    fn why_off(&self, plugin: &str) -> String {
        match self.plugin(plugin).map(super::LoadedPlugin::status) {
            Some(super::PluginStatus::Disabled) => {
                "is not in the config's `enabled` list".to_owned()
            }
            Some(super::PluginStatus::Failed(problems)) => {
                format!("failed to load: {}", super::plugins::one_line(problems))
            }
            _ => "is not running".to_owned(),
        }
    }
}

/// Problems with the config's `provider` that stop the host before any
/// plugin starts: a name no linked provider has, or one whose plugin the
/// config does not enable.
pub(super) fn config_problems(
    registry: &Registry,
    config: &HostConfig,
    order: &[(&'static PluginDef, bool)],
    apis: &[&str],
) -> Vec<Problem> {
    let providers = &config.providers;
    let mut named: Vec<(String, &str)> = Vec::new();
    if let Some(name) = &providers.default {
        named.push(("provider".to_owned(), name));
    }
    for (job, settings) in &providers.jobs {
        if let Some(name) = &settings.name {
            named.push((format!("provider.jobs.{job}.name"), name));
        }
    }
    named
        .into_iter()
        .flat_map(|(path, name)| name_problems(registry, order, apis, &path, name))
        .collect()
}

/// Problems with one provider name of the config.
fn name_problems(
    registry: &Registry,
    order: &[(&'static PluginDef, bool)],
    apis: &[&str],
    path: &str,
    name: &str,
) -> Vec<Problem> {
    let mut known: Vec<&str> = registry.providers().iter().map(|p| p.name).collect();
    known.extend(apis);
    match registry.providers().iter().find(|p| p.name == name) {
        None if apis.contains(&name) => Vec::new(),
        None => vec![Problem::new(
            path,
            format!(
                "no provider is named `{name}`{} (providers: {}); `list` shows them with their plugins",
                suggest::did_you_mean(name, &known),
                suggest::listing(&known),
            ),
        )],
        Some(def) if !order.iter().any(|(p, on)| p.id == def.plugin.id && *on) => {
            vec![Problem::new(
                path,
                format!(
                    "provider `{name}` belongs to plugin `{}`, which is not enabled; add it to `enabled`",
                    def.plugin.id
                ),
            )]
        }
        Some(_) => Vec::new(),
    }
}

/// Builds the providers of a plugin that runs. A factory that fails,
/// panics or outlasts `limit` switches the plugin off, like a state whose
/// `init` fails (its state, if started, is disposed of).
pub(super) async fn start(
    state: &mut LoadState,
    def: &'static PluginDef,
    registry: &Registry,
    limit: Option<Duration>,
) -> Vec<LoadedProvider> {
    let LoadState::Ready { info, config, .. } = &*state else {
        return Vec::new();
    };
    let mut built = Vec::new();
    for &provider in registry
        .providers()
        .iter()
        .filter(|p| p.plugin.id == def.id)
    {
        let outcome = start_within(|| (provider.build)(info.clone(), config.clone()), limit).await;
        let failure = match outcome {
            Ok(Ok(instance)) => {
                let models = match contain(|| instance.models()) {
                    Ok(models) => models,
                    Err(panic) => {
                        fail(
                            state,
                            def,
                            provider,
                            format!("panicked listing its models: {}", panic_message(&panic)),
                        )
                        .await;
                        return Vec::new();
                    }
                };
                built.push(LoadedProvider {
                    def: provider,
                    provider: instance,
                    models,
                });
                continue;
            }
            Ok(Err(e)) => format!("failed to start: {e}"),
            Err(panic) => format!("panicked while starting: {}", panic_message(&panic)),
        };
        fail(state, def, provider, failure).await;
        return Vec::new();
    }
    built
}

/// Switches the plugin off with a problem naming the provider.
async fn fail(state: &mut LoadState, def: &'static PluginDef, provider: &ProviderDef, why: String) {
    let failure = format!(
        "its provider `{}` (`{}` at {}) {why}",
        provider.name, provider.function, provider.location
    );
    tracing::error!(plugin = def.id, "{failure}");
    let previous = std::mem::replace(
        state,
        LoadState::Failed(vec![Problem::new(format!("plugins.{}", def.id), failure)]),
    );
    if let (
        LoadState::Ready {
            state: Some(started),
            ..
        },
        Some(state_def),
    ) = (previous, def.state)
    {
        let disposed = match contain(|| (state_def.dispose)(started)) {
            Ok(future) => contain_future(future).await,
            Err(panic) => Err(panic),
        };
        if disposed.is_err() {
            tracing::error!(plugin = def.id, "dispose panicked");
        }
    }
}

impl Providers {
    /// The offered providers with the default settled; `Err` when the
    /// config's model is not one the default provider serves.
    pub(super) fn new(
        offered: Vec<LoadedProvider>,
        registry: &Registry,
        config: &HostConfig,
    ) -> Result<Providers, Vec<Problem>> {
        let default = match &config.providers.default {
            Some(name) => registry
                .providers()
                .iter()
                .find(|p| p.name == name)
                .map(|p| p.name),
            None => match registry.providers() {
                [only] => Some(only.name),
                _ => None,
            },
        };
        let serving = default.and_then(|name| offered.iter().find(|p| p.name() == name));
        let model = match (&config.providers.model, serving) {
            (Some(model), Some(provider)) => {
                let served: Vec<&str> = provider.models.iter().map(|m| m.id.as_str()).collect();
                if !served.contains(&model.as_str()) {
                    return Err(vec![Problem::new(
                        "provider.model",
                        format!(
                            "provider `{}` does not serve model `{model}`{} (it serves: {})",
                            provider.name(),
                            suggest::did_you_mean(model, &served),
                            suggest::listing(&served),
                        ),
                    )]);
                }
                Some(model.clone())
            }
            (Some(model), None) => Some(model.clone()),
            (None, Some(provider)) => provider.models.first().map(|m| m.id.clone()),
            (None, None) => None,
        };
        Ok(Providers {
            offered,
            default,
            model,
        })
    }
}

#[cfg(test)]
mod tests;
