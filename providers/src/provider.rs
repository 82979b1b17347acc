//! [`ApiProvider`]: one API, one base URL, one key, behind tackle's
//! [`Provider`] trait; retries and time-outs around every request.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use futures_util::StreamExt;
use genai::chat::ChatStreamEvent;
use genai::resolver::{AuthData, Endpoint};
use tackle::def::BoxFuture;
use tackle::provider::{Model, Provider, ProviderError, Reply, Request, TextSink};

use crate::failure::{self, Target};
use crate::settings::{ApiSettings, SetupError, check_base_url};
use crate::{Api, convert};

/// The longest wait between two attempts, whatever the API asks.
const MAX_WAIT: Duration = Duration::from_secs(60);

/// A model API as a tackle [`Provider`].
///
/// Built once from [`ApiSettings`] (the key is read then); cheap to clone
/// into a request's future. Dropping a request's future cancels it: the
/// connection is closed and no retry follows.
#[derive(Clone)]
pub struct ApiProvider {
    inner: Arc<Inner>,
}

struct Inner {
    settings: ApiSettings,
    endpoint: String,
    client: genai::Client,
}

impl std::fmt::Debug for ApiProvider {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ApiProvider")
            .field("api", &self.inner.settings.api)
            .field("endpoint", &self.inner.endpoint)
            .field("key_env", &self.inner.settings.key_env())
            .finish_non_exhaustive()
    }
}

impl ApiProvider {
    /// The provider `settings` describe; an error names the key's
    /// variable when it is not set, the base URL when it is malformed.
    pub fn new(settings: ApiSettings) -> Result<ApiProvider, SetupError> {
        let key = std::env::var(settings.key_env()).unwrap_or_default();
        if key.trim().is_empty() {
            return Err(SetupError::MissingKey {
                api: settings.api,
                var: settings.key_env().to_owned(),
            });
        }
        Self::with_key(settings, key)
    }

    /// The provider with this key rather than one from the environment.
    pub fn with_key(settings: ApiSettings, key: String) -> Result<ApiProvider, SetupError> {
        let api = settings.api;
        check_base_url(api, settings.base_url())?;
        let endpoint = api.endpoint(settings.base_url());
        let client = genai::Client::builder()
            .with_adapter_kind(api.adapter())
            .append_provider_config(
                api.adapter(),
                (
                    Endpoint::from_owned(endpoint.clone()),
                    AuthData::from_single(key),
                ),
            )
            .build()
            .map_err(|e| SetupError::Client {
                api,
                why: e.to_string(),
            })?;
        Ok(ApiProvider {
            inner: Arc::new(Inner {
                settings,
                endpoint,
                client,
            }),
        })
    }

    /// The API it speaks.
    pub fn api(&self) -> Api {
        self.inner.settings.api
    }

    /// Where its requests go (the base URL with the API's version).
    pub fn endpoint(&self) -> &str {
        &self.inner.endpoint
    }

    fn run(
        &self,
        request: Request,
        sink: Option<TextSink>,
    ) -> BoxFuture<Result<Reply, ProviderError>> {
        let inner = self.inner.clone();
        Box::pin(async move { inner.with_retries(&request, sink.as_ref()).await })
    }
}

impl Provider for ApiProvider {
    fn models(&self) -> Vec<Model> {
        self.inner
            .settings
            .model
            .iter()
            .map(|id| Model::new(id.clone()))
            .collect()
    }

    fn complete(&self, request: Request) -> BoxFuture<Result<Reply, ProviderError>> {
        self.run(request, None)
    }

    fn complete_streaming(
        &self,
        request: Request,
        sink: TextSink,
    ) -> BoxFuture<Result<Reply, ProviderError>> {
        self.run(request, Some(sink))
    }
}

impl Inner {
    /// Attempts until one succeeds, fails for good, or the retries are
    /// spent. A streamed attempt that already handed out text is not
    /// retried: the reader has seen it.
    async fn with_retries(
        &self,
        request: &Request,
        sink: Option<&TextSink>,
    ) -> Result<Reply, ProviderError> {
        let mut retries = 0;
        loop {
            let spoke = AtomicBool::new(false);
            let attempt = async {
                match sink {
                    Some(sink) => self.streamed(request, sink, &spoke).await,
                    None => self.whole(request).await,
                }
            };
            let outcome = match tokio::time::timeout(self.settings.timeout, attempt).await {
                Ok(outcome) => outcome,
                Err(_) => Err(ProviderError::Timeout(self.settings.timeout)),
            };
            let error = match outcome {
                Ok(reply) => return Ok(reply),
                Err(error) => error,
            };
            if !error.is_retryable()
                || retries >= self.settings.max_retries
                || spoke.load(Ordering::Relaxed)
            {
                return Err(error);
            }
            let wait = error
                .retry_after()
                .unwrap_or_else(|| self.settings.backoff.saturating_mul(1 << retries.min(16)))
                .min(MAX_WAIT);
            retries += 1;
            tracing::warn!(
                api = %self.settings.api,
                retry = retries,
                wait_ms = wait.as_millis() as u64,
                "{error}; retrying"
            );
            tokio::time::sleep(wait).await;
        }
    }

    fn target(&self) -> Target<'_> {
        Target {
            endpoint: &self.endpoint,
            key_env: self.settings.key_env(),
        }
    }

    async fn whole(&self, request: &Request) -> Result<Reply, ProviderError> {
        let (chat, options) = convert::request(request);
        let response = self
            .client
            .exec_chat(request.model.as_str(), chat, Some(&options))
            .await
            .map_err(|e| failure::read(&e, &self.target()))?;
        Ok(convert::reply(
            &request.model,
            Some(response.content),
            response.stop_reason.as_ref(),
            Some(&response.usage),
        ))
    }

    async fn streamed(
        &self,
        request: &Request,
        sink: &TextSink,
        spoke: &AtomicBool,
    ) -> Result<Reply, ProviderError> {
        let (chat, options) = convert::request(request);
        let mut stream = self
            .client
            .exec_chat_stream(request.model.as_str(), chat, Some(&options))
            .await
            .map_err(|e| failure::read(&e, &self.target()))?
            .stream;
        while let Some(event) = stream.next().await {
            match event.map_err(|e| failure::read(&e, &self.target()))? {
                ChatStreamEvent::Chunk(chunk) if !chunk.content.is_empty() => {
                    spoke.store(true, Ordering::Relaxed);
                    sink(&chunk.content);
                }
                ChatStreamEvent::End(end) => {
                    return Ok(convert::reply(
                        &request.model,
                        end.captured_content,
                        end.captured_stop_reason.as_ref(),
                        end.captured_usage.as_ref(),
                    ));
                }
                _ => {}
            }
        }
        Err(ProviderError::Network(format!(
            "the answer from `{}` ended before the model finished",
            self.endpoint
        )))
    }
}
