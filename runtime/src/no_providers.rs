//! The model APIs in a host built without tackle-runtime's `providers`
//! feature (genai, reqwest and rustls: most of a host's build time and
//! size). Their names stay known, so that `provider = "anthropic"` gets an
//! error saying how to build it in rather than "no provider is named".

use std::sync::Arc;

use tackle::provider::Provider;
use tackle_host::ProviderSource;
use tackle_host::config::ProviderSettings;

/// `tackle_providers::Api::ALL`'s names, in its order.
const NAMES: [&str; 3] = ["anthropic", "openai", "openai-responses"];

/// What `list` says of each.
const DESCRIPTION: &str = "not in this binary (tackle-runtime's `providers` feature)";

/// The model APIs' names, none of which builds.
#[derive(Debug)]
pub(crate) struct NotBuilt;

impl ProviderSource for NotBuilt {
    fn names(&self) -> Vec<(&'static str, &'static str)> {
        NAMES.map(|name| (name, DESCRIPTION)).into()
    }

    fn build(&self, settings: &ProviderSettings) -> Result<Arc<dyn Provider>, String> {
        Err(format!(
            "provider `{}` is not in this binary: it was built without the model APIs (add `providers` to the features of its `tackle-runtime` dependency)",
            settings.name.as_deref().unwrap_or_default()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(feature = "providers")]
    #[test]
    fn the_names_are_the_model_apis() {
        let apis: Vec<&str> = crate::providers::Api::ALL
            .into_iter()
            .map(|api| api.name())
            .collect();
        assert_eq!(apis, NAMES);
    }

    #[test]
    fn building_one_says_which_feature_builds_it_in() {
        let settings = ProviderSettings {
            name: Some("openai".into()),
            model: Some("gpt-5-mini".into()),
            ..ProviderSettings::default()
        };
        let err = NotBuilt.build(&settings).err().unwrap_or_default();
        assert!(
            err.contains("provider `openai` is not in this binary"),
            "{err}"
        );
        assert!(err.contains("add `providers` to the features"), "{err}");
    }
}
