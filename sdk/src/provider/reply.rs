//! What a provider answers: the model's turn, why it stopped, what it cost.

use std::ops::AddAssign;

use serde::{Deserialize, Serialize};

use super::{Message, ToolCall};

/// The model's turn.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Reply {
    /// The model that answered (providers may resolve an alias).
    pub model: String,
    /// What it said (empty when it only called tools).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub text: String,
    /// The tools it asks to run, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tool_calls: Vec<ToolCall>,
    /// Why it stopped.
    pub stop: StopReason,
    /// Tokens used.
    pub usage: Usage,
}

impl Reply {
    /// A text answer that ends the turn.
    pub fn text(model: impl Into<String>, text: impl Into<String>) -> Self {
        Reply {
            model: model.into(),
            text: text.into(),
            stop: StopReason::EndTurn,
            ..Reply::default()
        }
    }

    /// Whether the model wants tools run before it goes on.
    pub fn wants_tools(&self) -> bool {
        !self.tool_calls.is_empty()
    }

    /// The turn as the assistant message to append to the conversation.
    pub fn to_message(&self) -> Message {
        Message::Assistant {
            text: self.text.clone(),
            tool_calls: self.tool_calls.clone(),
        }
    }
}

/// Why the model stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    /// It finished its turn.
    #[default]
    EndTurn,
    /// It called tools and waits for their results.
    ToolUse,
    /// It reached [`Sampling::max_tokens`](super::Sampling::max_tokens).
    MaxTokens,
    /// It wrote one of the stop texts.
    StopSequence,
    /// The provider withheld the rest (a safety filter).
    ContentFilter,
}

impl StopReason {
    /// `end_turn`, `tool_use`, ... as serialized.
    pub fn as_str(&self) -> &'static str {
        match self {
            StopReason::EndTurn => "end_turn",
            StopReason::ToolUse => "tool_use",
            StopReason::MaxTokens => "max_tokens",
            StopReason::StopSequence => "stop_sequence",
            StopReason::ContentFilter => "content_filter",
        }
    }
}

/// Tokens a request used. Add them up over a session with `+=`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Usage {
    /// Tokens read (prompt, conversation, tool definitions).
    pub input_tokens: u64,
    /// Tokens written.
    pub output_tokens: u64,
    /// Input tokens served from the provider's prompt cache, if it says.
    #[serde(skip_serializing_if = "is_zero")]
    pub cached_input_tokens: u64,
}

impl Usage {
    /// Input plus output.
    pub fn total(&self) -> u64 {
        self.input_tokens + self.output_tokens
    }
}

impl AddAssign for Usage {
    fn add_assign(&mut self, other: Usage) {
        self.input_tokens += other.input_tokens;
        self.output_tokens += other.output_tokens;
        self.cached_input_tokens += other.cached_input_tokens;
    }
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// A model a provider serves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Model {
    /// The id requests name it by.
    pub id: String,
    /// How many tokens it reads at most, if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context_window: Option<u32>,
    /// How many tokens it writes at most, if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_output_tokens: Option<u32>,
}

impl Model {
    /// A model with this id, limits unknown.
    pub fn new(id: impl Into<String>) -> Self {
        Model {
            id: id.into(),
            context_window: None,
            max_output_tokens: None,
        }
    }

    /// With its context window.
    #[must_use]
    pub fn with_context_window(mut self, tokens: u32) -> Self {
        self.context_window = Some(tokens);
        self
    }

    /// With its output cap.
    #[must_use]
    pub fn with_max_output_tokens(mut self, tokens: u32) -> Self {
        self.max_output_tokens = Some(tokens);
        self
    }
}
