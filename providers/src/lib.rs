//! LLM providers for tackle hosts: Anthropic's Messages API and the
//! OpenAI-compatible APIs (Chat Completions, which OpenRouter, Ollama,
//! vLLM, LM Studio and most gateways serve, and the Responses API), each
//! an [`ApiProvider`] behind tackle's [`Provider`](tackle::provider::Provider)
//! trait.
//!
//! ```no_run
//! use tackle::provider::{Message, Provider, Request};
//! use tackle_providers::{Api, ApiProvider, ApiSettings};
//!
//! # async fn ask() -> Result<(), Box<dyn std::error::Error>> {
//! let mut settings = ApiSettings::new(Api::OpenAi);
//! settings.base_url = Some("http://127.0.0.1:11434/v1".into()); // Ollama
//! settings.api_key_env = Some("OLLAMA_KEY".into());
//! let provider = ApiProvider::new(settings)?; // an error names OLLAMA_KEY if it is unset
//! let request = Request::new("qwen3:8b").with_message(Message::user("Say hi."));
//! println!("{}", provider.complete(request).await?.text);
//! # Ok(())
//! # }
//! ```
//!
//! What every request gets:
//!
//! - **Streaming**: [`complete_streaming`](tackle::provider::Provider::complete_streaming)
//!   hands the text to its sink as it arrives; `complete` asks for the
//!   whole answer at once. Either way the [`Reply`](tackle::provider::Reply)
//!   carries the text, the tool calls, the stop reason and the token usage.
//! - **Retries**: a rate limit (429), an overloaded or failing server
//!   (408, 409, 5xx), a broken connection or a time-out is sent again, up to
//!   [`ApiSettings::max_retries`] times, after the wait the API asked for
//!   (`retry-after-ms`, `retry-after` in seconds) or else a doubling backoff
//!   from [`ApiSettings::backoff`], never more than a minute. A streamed
//!   answer that already showed text is not retried.
//! - **Time-outs**: each attempt has [`ApiSettings::timeout`].
//! - **Cancellation**: dropping the future closes the connection.
//! - **Errors that say what to fix**: a key variable that is not set is
//!   named ([`SetupError::MissingKey`]), and so is a malformed base URL; a
//!   base URL that cannot be reached, answers 404 or speaks something else
//!   is named in the [`ProviderError`](tackle::provider::ProviderError).
//!
//! The HTTP side is [genai](https://docs.rs/genai) 0.7: a maintained
//! multi-provider client whose Anthropic, OpenAI and OpenAI Responses
//! adapters cover streaming, tool calls and usage, which takes a custom
//! endpoint and key per client, and whose errors carry the HTTP status and
//! headers (for `Retry-After`). It builds on the reqwest 0.13 the workspace
//! already compiles. `async-openai` speaks only OpenAI's APIs;
//! `rig-core` is an agent framework of its own (agents, vector stores) and
//! much more to compile for the same two APIs.

#![warn(missing_docs)]

mod api;
mod convert;
mod failure;
mod provider;
mod settings;

pub use api::Api;
pub use provider::ApiProvider;
pub use settings::{ApiSettings, DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT, SetupError};
