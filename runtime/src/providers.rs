//! tackle's model API providers ([`tackle_providers`]) as a host's
//! [`ProviderSource`]: `provider = "anthropic"`, `"openai"` or
//! `"openai-responses"` in `tackle.toml`, with `model`, `base_url`,
//! `api_key_env`, `timeout_secs` and `max_retries`.
//!
//! ```
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() {
//! use tackle_runtime::Host;
//! use tackle_runtime::config::ProviderSettings;
//!
//! let host = Host::builder()
//!     .provider_source(tackle_runtime::providers::api_providers())
//!     .build()
//!     .await
//!     .unwrap();
//! let settings = ProviderSettings {
//!     name: Some("openai".into()),
//!     model: Some("gpt-5-mini".into()),
//!     api_key_env: Some("TACKLE_DOC_UNSET_KEY".into()),
//!     ..ProviderSettings::default()
//! };
//! let err = host.resolve_provider(&settings).unwrap_err();
//! assert!(err.contains("`TACKLE_DOC_UNSET_KEY`, which is not set"), "{err}");
//! # }
//! ```

use std::sync::Arc;
use std::time::Duration;

use tackle::provider::Provider;
use tackle_host::ProviderSource;
use tackle_host::config::ProviderSettings;
pub use tackle_providers::{Api, ApiProvider, ApiSettings, SetupError};

/// The model APIs, built from the config's settings.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiProviders;

/// [`ApiProviders`], ready for [`HostBuilder::provider_source`](tackle_host::HostBuilder::provider_source).
pub fn api_providers() -> Arc<dyn ProviderSource> {
    Arc::new(ApiProviders)
}

impl ProviderSource for ApiProviders {
    fn names(&self) -> Vec<(&'static str, &'static str)> {
        Api::ALL
            .into_iter()
            .map(|api| (api.name(), api.description()))
            .collect()
    }

    fn build(&self, settings: &ProviderSettings) -> Result<Arc<dyn Provider>, String> {
        let name = settings.name.as_deref().unwrap_or_default();
        let api = Api::from_name(name).ok_or_else(|| format!("no API is named `{name}`"))?;
        let mut api_settings = ApiSettings::new(api);
        api_settings.model = settings.model.clone();
        api_settings.base_url = settings.base_url.clone();
        api_settings.api_key_env = settings.api_key_env.clone();
        if let Some(secs) = settings.timeout_secs {
            api_settings.timeout = Duration::from_secs(secs);
        }
        if let Some(n) = settings.max_retries {
            api_settings.max_retries = n;
        }
        let provider = ApiProvider::new(api_settings).map_err(|e| e.to_string())?;
        Ok(Arc::new(provider))
    }
}
