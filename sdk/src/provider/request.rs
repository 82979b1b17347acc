//! What a host asks a provider: the model, the conversation, the tools,
//! how to sample.

use serde::{Deserialize, Serialize};

use super::{Message, ToolSpec};

/// One request for the model's next turn.
///
/// ```
/// use tackle::provider::{Message, Request, Sampling, ToolSpec};
///
/// let request = Request::new("scripted-coder")
///     .with_system("You are a careful Rust engineer.")
///     .with_message(Message::user("Why does `parse(\"1 +\")` panic?"))
///     .with_tools([ToolSpec::new("Read", "Read a file.", serde_json::json!({"type": "object"}))])
///     .with_sampling(Sampling { temperature: Some(0.0), max_tokens: Some(2048), ..Sampling::default() });
/// assert_eq!(request.messages.len(), 1);
/// ```
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Request {
    /// The model to use: one of the provider's [`models`](super::Provider::models).
    pub model: String,
    /// The system prompt (empty for none).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub system: String,
    /// The conversation so far, oldest first.
    pub messages: Vec<Message>,
    /// The tools the model may call.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tools: Vec<ToolSpec>,
    /// Whether and which tools it must call.
    pub tool_choice: ToolChoice,
    /// How to sample.
    pub sampling: Sampling,
}

impl Request {
    /// A request to `model` with no messages yet.
    pub fn new(model: impl Into<String>) -> Self {
        Request {
            model: model.into(),
            ..Request::default()
        }
    }

    /// Sets the system prompt.
    #[must_use]
    pub fn with_system(mut self, system: impl Into<String>) -> Self {
        self.system = system.into();
        self
    }

    /// Adds a message at the end of the conversation.
    #[must_use]
    pub fn with_message(mut self, message: Message) -> Self {
        self.messages.push(message);
        self
    }

    /// Adds tools: [`ToolSpec`]s, or a host's `#[tool]`s as they are
    /// (`host.tools()`).
    #[must_use]
    pub fn with_tools<T: Into<ToolSpec>>(mut self, tools: impl IntoIterator<Item = T>) -> Self {
        self.tools.extend(tools.into_iter().map(Into::into));
        self
    }

    /// Sets the sampling options.
    #[must_use]
    pub fn with_sampling(mut self, sampling: Sampling) -> Self {
        self.sampling = sampling;
        self
    }

    /// The text of the last user message, if any (what a scripted or
    /// rule-based provider often answers).
    pub fn last_user_text(&self) -> Option<&str> {
        self.messages.iter().rev().find_map(|m| match m {
            Message::User { text } => Some(text.as_str()),
            _ => None,
        })
    }
}

/// Whether the model must call tools.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ToolChoice {
    /// The model decides.
    #[default]
    Auto,
    /// No tool calls.
    None,
    /// At least one tool call.
    Required,
    /// This tool.
    Tool(String),
}

/// How to sample. `None` leaves the provider's default.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Sampling {
    /// Randomness, usually 0 to 2.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub temperature: Option<f32>,
    /// Nucleus sampling, 0 to 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub top_p: Option<f32>,
    /// Cap on the tokens of the reply.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_tokens: Option<u32>,
    /// Texts that end the reply when the model writes them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub stop: Vec<String>,
    /// A seed, for providers that can repeat themselves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
}
