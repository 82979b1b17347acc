//! The model APIs this crate speaks, and what each needs: its name in
//! `tackle.toml`, its default base URL and key variable, and genai's
//! adapter for it.

use genai::adapter::AdapterKind;

/// A model API.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Api {
    /// Anthropic's Messages API (`POST {base}/v1/messages`).
    Anthropic,
    /// OpenAI's Chat Completions API (`POST {base}/chat/completions`), which
    /// OpenRouter, Ollama, vLLM, LM Studio and most gateways also serve.
    OpenAi,
    /// OpenAI's Responses API (`POST {base}/responses`).
    OpenAiResponses,
}

impl Api {
    /// Every API, in the order listings show them.
    pub const ALL: [Api; 3] = [Api::Anthropic, Api::OpenAi, Api::OpenAiResponses];

    /// Its provider name: `anthropic`, `openai`, `openai-responses`.
    pub fn name(self) -> &'static str {
        match self {
            Api::Anthropic => "anthropic",
            Api::OpenAi => "openai",
            Api::OpenAiResponses => "openai-responses",
        }
    }

    /// The API named `name`, if any.
    pub fn from_name(name: &str) -> Option<Api> {
        Api::ALL.into_iter().find(|api| api.name() == name)
    }

    /// What it is, for listings.
    pub fn description(self) -> &'static str {
        match self {
            Api::Anthropic => "Anthropic's Messages API",
            Api::OpenAi => {
                "OpenAI-compatible Chat Completions (OpenAI, OpenRouter, Ollama, vLLM, LM Studio, gateways)"
            }
            Api::OpenAiResponses => "OpenAI's Responses API",
        }
    }

    /// Where it is served unless the config says otherwise. Anthropic's
    /// base URL is the host (the API adds `/v1/messages`, as
    /// `ANTHROPIC_BASE_URL` does for Anthropic's SDKs); OpenAI's includes
    /// the version (`/v1`, as `OPENAI_BASE_URL` does for OpenAI's).
    pub fn default_base_url(self) -> &'static str {
        match self {
            Api::Anthropic => "https://api.anthropic.com",
            Api::OpenAi | Api::OpenAiResponses => "https://api.openai.com/v1",
        }
    }

    /// The environment variable the key is read from unless the config
    /// names another.
    pub fn default_key_env(self) -> &'static str {
        match self {
            Api::Anthropic => "ANTHROPIC_API_KEY",
            Api::OpenAi | Api::OpenAiResponses => "OPENAI_API_KEY",
        }
    }

    /// genai's adapter for it.
    pub(crate) fn adapter(self) -> AdapterKind {
        match self {
            Api::Anthropic => AdapterKind::Anthropic,
            Api::OpenAi => AdapterKind::OpenAI,
            Api::OpenAiResponses => AdapterKind::OpenAIResp,
        }
    }

    /// The endpoint genai appends its paths to (`messages`,
    /// `chat/completions`, `responses`), from the base URL.
    pub(crate) fn endpoint(self, base_url: &str) -> String {
        let base = base_url.trim_end_matches('/');
        match self {
            Api::Anthropic => format!("{base}/v1/"),
            Api::OpenAi | Api::OpenAiResponses => format!("{base}/"),
        }
    }
}

impl std::fmt::Display for Api {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_endpoints_follow_each_sdks_convention() {
        for api in Api::ALL {
            assert_eq!(Api::from_name(api.name()), Some(api));
        }
        assert_eq!(Api::from_name("claude"), None);
        assert_eq!(
            Api::Anthropic.endpoint("http://127.0.0.1:9/"),
            "http://127.0.0.1:9/v1/"
        );
        assert_eq!(
            Api::OpenAi.endpoint("http://127.0.0.1:9/v1"),
            "http://127.0.0.1:9/v1/"
        );
    }
}
