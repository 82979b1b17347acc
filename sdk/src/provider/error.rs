//! Why a provider could not answer, and whether asking again may help.

use std::time::Duration;

/// Why a provider could not answer. [`is_retryable`](ProviderError::is_retryable)
/// tells a host whether the same request may succeed later.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ProviderError {
    /// The request names a model the provider does not serve.
    #[error("model `{model}` is not served by this provider (it serves: {}); pick one of those", list(.served))]
    UnknownModel {
        /// The model asked for.
        model: String,
        /// The models it serves.
        served: Vec<String>,
    },
    /// The request is malformed: fix it before asking again.
    #[error("the request was refused as invalid: {0}")]
    InvalidRequest(String),
    /// The conversation is longer than the model reads: compact it.
    #[error("the conversation does not fit the model's context window: {0}; compact or shorten it")]
    ContextTooLong(String),
    /// The credentials are missing or refused.
    #[error("authentication failed: {0}; check the provider's key in its plugin config")]
    Auth(String),
    /// Too many requests; wait `retry_after` if the provider said.
    #[error("rate limited{}: {message}", retry_in(.retry_after))]
    RateLimited {
        /// What the provider said.
        message: String,
        /// How long it asked the caller to wait.
        retry_after: Option<Duration>,
    },
    /// The service is down or overloaded.
    #[error("the provider is unavailable: {0}")]
    Unavailable(String),
    /// The connection failed or broke off.
    #[error("network error: {0}")]
    Network(String),
    /// No answer in time.
    #[error("no answer within {} ms", .0.as_millis())]
    Timeout(Duration),
    /// The provider cannot say more than it did (a scripted provider with
    /// nothing left to say, a reply it could not read).
    #[error("{message}")]
    Other {
        /// What went wrong.
        message: String,
        /// Whether asking again may help.
        retryable: bool,
    },
}

impl ProviderError {
    /// Whether the same request may succeed if sent again (rate limits,
    /// outages, network trouble, time-outs); `false` when it must change
    /// first (bad request, unknown model, context too long, credentials).
    pub fn is_retryable(&self) -> bool {
        match self {
            ProviderError::RateLimited { .. }
            | ProviderError::Unavailable(_)
            | ProviderError::Network(_)
            | ProviderError::Timeout(_) => true,
            ProviderError::Other { retryable, .. } => *retryable,
            ProviderError::UnknownModel { .. }
            | ProviderError::InvalidRequest(_)
            | ProviderError::ContextTooLong(_)
            | ProviderError::Auth(_) => false,
        }
    }

    /// How long to wait before retrying, when the provider said.
    pub fn retry_after(&self) -> Option<Duration> {
        match self {
            ProviderError::RateLimited { retry_after, .. } => *retry_after,
            _ => None,
        }
    }

    /// An error that retrying will not fix.
    pub fn fatal(message: impl Into<String>) -> Self {
        ProviderError::Other {
            message: message.into(),
            retryable: false,
        }
    }
}

fn list(names: &[String]) -> String {
    if names.is_empty() {
        return "nothing".to_owned();
    }
    tackle_spec::listing::backticked(names)
}

fn retry_in(after: &Option<Duration>) -> String {
    match after {
        Some(d) => format!(" (retry in {} ms)", d.as_millis()),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retryable_errors_are_the_transient_ones() {
        let wait = Duration::from_millis(1500);
        let limited = ProviderError::RateLimited {
            message: "slow down".into(),
            retry_after: Some(wait),
        };
        assert!(limited.is_retryable());
        assert_eq!(limited.retry_after(), Some(wait));
        assert_eq!(
            limited.to_string(),
            "rate limited (retry in 1500 ms): slow down"
        );
        assert!(ProviderError::Network("reset".into()).is_retryable());
        assert!(!ProviderError::Auth("no key".into()).is_retryable());
        assert!(!ProviderError::fatal("script exhausted").is_retryable());
        let unknown = ProviderError::UnknownModel {
            model: "gpt".into(),
            served: vec!["a".into(), "b".into()],
        };
        assert!(!unknown.is_retryable());
        assert_eq!(
            unknown.to_string(),
            "model `gpt` is not served by this provider (it serves: `a`, `b`); pick one of those"
        );
    }
}
