//! What a failed request means for the host: genai's error read as a
//! [`ProviderError`], naming the URL or the key's variable where that is
//! what to fix, with the wait the API asked for (`Retry-After`).

use std::time::Duration;

use genai::webc;
use tackle::provider::ProviderError;

/// The most of an error body kept in a message.
const BODY_CAP: usize = 500;

/// Where the request went, for messages.
pub(crate) struct Target<'a> {
    pub(crate) endpoint: &'a str,
    pub(crate) key_env: &'a str,
}

/// Reads genai's error.
pub(crate) fn read(error: &genai::Error, target: &Target<'_>) -> ProviderError {
    if let Some(status) = error.status() {
        let code = status.as_u16();
        let said = format!("{status}: {}", body_of(error));
        return match code {
            429 => ProviderError::RateLimited {
                message: said,
                retry_after: retry_after(error),
            },
            401 | 403 => ProviderError::Auth(format!(
                "the API at `{}` refused the key from `{}` ({said})",
                target.endpoint, target.key_env
            )),
            404 => ProviderError::InvalidRequest(format!(
                "the API at `{}` has no such path or model ({said}); check the base URL and the model",
                target.endpoint
            )),
            408 | 409 | 500..=599 => ProviderError::Unavailable(said),
            _ => ProviderError::InvalidRequest(said),
        };
    }
    match error {
        genai::Error::WebModelCall {
            webc_error: webc::Error::Reqwest(e),
            ..
        }
        | genai::Error::WebAdapterCall {
            webc_error: webc::Error::Reqwest(e),
            ..
        } => ProviderError::Network(format!(
            "cannot reach the API at `{}`: {}; check the base URL",
            target.endpoint,
            chain(e)
        )),
        // A streamed request's failure: the HTTP error inside, if it is one.
        genai::Error::WebStream { error, .. } => match error.downcast_ref::<genai::Error>() {
            Some(inner) => read(inner, target),
            None => ProviderError::Network(format!(
                "no answer read from the API at `{}`: {}; check the base URL",
                target.endpoint,
                chain(error.as_ref())
            )),
        },
        genai::Error::WebModelCall { webc_error, .. }
        | genai::Error::WebAdapterCall { webc_error, .. } => ProviderError::Other {
            message: format!(
                "the API at `{}` answered something it does not speak: {}; check the base URL",
                target.endpoint,
                cap(&webc_error.to_string())
            ),
            retryable: false,
        },
        other => ProviderError::fatal(cap(&other.to_string())),
    }
}

/// The error body the API sent, if genai kept it.
fn body_of(error: &genai::Error) -> String {
    let body = match error {
        genai::Error::HttpError { body, .. } => body.as_str(),
        genai::Error::WebModelCall {
            webc_error: webc::Error::ResponseFailedStatus { body, .. },
            ..
        }
        | genai::Error::WebAdapterCall {
            webc_error: webc::Error::ResponseFailedStatus { body, .. },
            ..
        } => body.as_str(),
        _ => "",
    };
    cap(body.trim())
}

/// How long the API asked the caller to wait: `retry-after-ms`, else
/// `retry-after` in seconds (an HTTP date is not read: the backoff applies).
fn retry_after(error: &genai::Error) -> Option<Duration> {
    let number = |name: &str| -> Option<f64> {
        error
            .headers()?
            .get(name)?
            .to_str()
            .ok()?
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|n| n.is_finite() && *n >= 0.0)
    };
    // `try_`: a number too large for a `Duration` (`retry-after: 1e30`)
    // is no wait the API could mean; the backoff applies.
    if let Some(ms) = number("retry-after-ms") {
        return Duration::try_from_secs_f64(ms / 1000.0).ok();
    }
    number("retry-after").and_then(|s| Duration::try_from_secs_f64(s).ok())
}

/// An error and its causes, one line.
fn chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

fn cap(text: &str) -> String {
    match text.char_indices().nth(BODY_CAP) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_owned(),
    }
}
