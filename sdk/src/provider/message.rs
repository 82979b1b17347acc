//! The conversation a provider continues: messages, tool calls, and the
//! tools the model may call.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::def::ToolDef;

/// One message of the conversation, oldest first in a [`Request`](super::Request).
///
/// The system prompt is not a message: it is [`Request::system`](super::Request::system).
/// Serialized with a `role` tag (`user`, `assistant`, `tool`), so a
/// transcript can be logged and replayed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "role", rename_all = "snake_case", deny_unknown_fields)]
pub enum Message {
    /// What the user typed.
    User {
        /// The text.
        text: String,
    },
    /// A turn of the model: text, tool calls, or both.
    Assistant {
        /// What it said (empty when it only called tools).
        #[serde(default, skip_serializing_if = "String::is_empty")]
        text: String,
        /// The tools it asked to run, in order.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        tool_calls: Vec<ToolCall>,
    },
    /// The result of one tool call, answering the assistant turn before it.
    Tool {
        /// The [`ToolCall::id`] it answers.
        call_id: String,
        /// The tool's name (some APIs want it beside the id).
        name: String,
        /// What the tool returned, or why it did not run.
        content: String,
        /// Whether it failed or was refused; the model should read it as an error.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        is_error: bool,
    },
}

impl Message {
    /// A user message.
    pub fn user(text: impl Into<String>) -> Self {
        Message::User { text: text.into() }
    }

    /// An assistant message with text only.
    pub fn assistant(text: impl Into<String>) -> Self {
        Message::Assistant {
            text: text.into(),
            tool_calls: Vec::new(),
        }
    }

    /// The result of `call`, to send back with the next request.
    pub fn tool_result(call: &ToolCall, content: impl Into<String>, is_error: bool) -> Self {
        Message::Tool {
            call_id: call.id.clone(),
            name: call.name.clone(),
            content: content.into(),
            is_error,
        }
    }

    /// The message's text: the user's or the model's words, or a tool's output.
    pub fn text(&self) -> &str {
        match self {
            Message::User { text } | Message::Assistant { text, .. } => text,
            Message::Tool { content, .. } => content,
        }
    }
}

/// A tool the model asked to run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ToolCall {
    /// The provider's id for this call; the result names it.
    pub id: String,
    /// The tool's name, as in [`ToolSpec::name`].
    pub name: String,
    /// The arguments, as the model wrote them (not yet checked: the host
    /// checks them against the tool's schema when it calls the tool).
    #[serde(default = "empty_object")]
    pub arguments: Value,
}

impl ToolCall {
    /// A call of tool `name` with `arguments`.
    pub fn new(id: impl Into<String>, name: impl Into<String>, arguments: Value) -> Self {
        ToolCall {
            id: id.into(),
            name: name.into(),
            arguments,
        }
    }
}

fn empty_object() -> Value {
    Value::Object(Default::default())
}

/// A tool the model may call: the shape every LLM API asks for, and what a
/// `#[tool]`'s [`ToolDef`] provides, so a host passes its tools straight in:
/// `Request::new(model).with_tools(host.tools())`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ToolSpec {
    /// The name the model calls it by.
    pub name: String,
    /// What it does, for the model.
    pub description: String,
    /// The JSON Schema of its arguments (an object schema).
    pub input_schema: Value,
}

impl ToolSpec {
    /// A tool the host provides itself (a built-in such as `Read` or `Bash`).
    pub fn new(
        name: impl Into<String>,
        description: impl Into<String>,
        input_schema: Value,
    ) -> Self {
        ToolSpec {
            name: name.into(),
            description: description.into(),
            input_schema,
        }
    }
}

impl From<&ToolDef> for ToolSpec {
    fn from(tool: &ToolDef) -> Self {
        ToolSpec {
            name: tool.name.to_owned(),
            description: tool.description.to_owned(),
            input_schema: (tool.input_schema)().clone(),
        }
    }
}

impl From<&&'static ToolDef> for ToolSpec {
    fn from(tool: &&'static ToolDef) -> Self {
        ToolSpec::from(*tool)
    }
}
