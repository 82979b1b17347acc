//! What a provider is built from, and why it could not be.

use std::time::Duration;

use crate::Api;

/// How long one request may take, by default: the whole answer, streamed
/// or not.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(300);

/// How many times a request is sent again after a rate limit (429), an
/// overloaded or failing server (5xx), a broken connection or a time-out.
pub const DEFAULT_MAX_RETRIES: u32 = 3;

/// How to reach one API.
#[derive(Debug, Clone, PartialEq)]
pub struct ApiSettings {
    /// The API.
    pub api: Api,
    /// The model to list as served (requests name their own).
    pub model: Option<String>,
    /// Where it is served; `None` for [`Api::default_base_url`].
    pub base_url: Option<String>,
    /// The environment variable holding the key; `None` for
    /// [`Api::default_key_env`]. The key itself is never written anywhere.
    pub api_key_env: Option<String>,
    /// How long one attempt may take.
    pub timeout: Duration,
    /// Attempts after the first, for errors that may pass.
    pub max_retries: u32,
    /// The first wait between attempts (doubled each time) when the API
    /// does not say how long (`Retry-After`).
    pub backoff: Duration,
}

impl ApiSettings {
    /// The API with its defaults.
    pub fn new(api: Api) -> Self {
        ApiSettings {
            api,
            model: None,
            base_url: None,
            api_key_env: None,
            timeout: DEFAULT_TIMEOUT,
            max_retries: DEFAULT_MAX_RETRIES,
            backoff: Duration::from_millis(500),
        }
    }

    /// The base URL requests go to.
    pub fn base_url(&self) -> &str {
        self.base_url
            .as_deref()
            .unwrap_or_else(|| self.api.default_base_url())
    }

    /// The variable the key is read from.
    pub fn key_env(&self) -> &str {
        self.api_key_env
            .as_deref()
            .unwrap_or_else(|| self.api.default_key_env())
    }
}

/// Why a provider could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The key's variable is not set (or empty).
    #[error(
        "provider `{api}` reads its API key from the environment variable `{var}`, which is not set; export it, or name another variable with `api_key_env`"
    )]
    MissingKey {
        /// The API.
        api: Api,
        /// The variable.
        var: String,
    },
    /// The base URL is not an http(s) URL.
    #[error("the base URL `{url}` of provider `{api}` {why}")]
    BadBaseUrl {
        /// The API.
        api: Api,
        /// The URL as given.
        url: String,
        /// What is wrong with it.
        why: &'static str,
    },
    /// The HTTP client could not be built.
    #[error("provider `{api}` cannot start its HTTP client: {why}")]
    Client {
        /// The API.
        api: Api,
        /// What went wrong.
        why: String,
    },
}

/// Checks the shape of a base URL: `http://` or `https://`, then a host.
pub(crate) fn check_base_url(api: Api, url: &str) -> Result<(), SetupError> {
    let bad = |why| SetupError::BadBaseUrl {
        api,
        url: url.to_owned(),
        why,
    };
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
        .ok_or_else(|| bad("is not an http:// or https:// URL"))?;
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    if host.is_empty() || host.contains(char::is_whitespace) {
        return Err(bad("has no host"));
    }
    if url.contains(['?', '#']) {
        return Err(bad(
            "has a query or fragment; give the URL the API's paths go under",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_urls_are_checked_and_named() {
        assert!(check_base_url(Api::OpenAi, "http://127.0.0.1:11434/v1").is_ok());
        assert!(check_base_url(Api::Anthropic, "https://api.anthropic.com").is_ok());
        let err = check_base_url(Api::OpenAi, "localhost:11434/v1").expect_err("no scheme");
        assert_eq!(
            err.to_string(),
            "the base URL `localhost:11434/v1` of provider `openai` is not an http:// or https:// URL"
        );
        let err = check_base_url(Api::Anthropic, "https:///v1").expect_err("no host");
        assert!(err.to_string().contains("has no host"), "{err}");
    }
}
