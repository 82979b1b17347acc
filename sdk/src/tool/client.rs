//! What a tool may ask of the client that called it, over MCP: a
//! completion from the client's model (sampling), a form for the user
//! (elicitation) and the client's roots. A host without such a client
//! answers with an error.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::elicit::ElicitAnswer;
use crate::future::BoxFuture;
use crate::prompt::{PromptMessage, Role};
use crate::tool::Content;

/// What an MCP client may offer a tool: the capabilities a tool can use,
/// which a tool may require with `#[tool(needs(...))]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClientCapability {
    /// `sampling`: [`ToolContext::sample`](super::ToolContext::sample).
    Sampling,
    /// `elicitation`: [`ToolContext::elicit`](super::ToolContext::elicit).
    Elicitation,
    /// `roots`: [`ToolContext::roots`](super::ToolContext::roots).
    Roots,
}

impl ClientCapability {
    /// Its name in MCP's `capabilities` (and in `needs(...)`).
    pub const fn name(self) -> &'static str {
        match self {
            ClientCapability::Sampling => "sampling",
            ClientCapability::Elicitation => "elicitation",
            ClientCapability::Roots => "roots",
        }
    }
}

/// The client's side of a call: implemented by the MCP server for each
/// call, when the client offers sampling, elicitation or roots.
///
/// A question's `key` names it in the round of questions a 2026-07-28
/// client answers (`inputRequests`); the server picks one when it is
/// `None`.
pub trait ClientRequests: Send + Sync {
    /// Whether the client offers `capability` for this call.
    fn offers(&self, capability: ClientCapability) -> bool;

    /// Asks the client's model (`sampling/createMessage`).
    fn sample(
        &self,
        key: Option<String>,
        request: SampleRequest,
    ) -> BoxFuture<Result<Sampled, String>>;

    /// Puts a form to the user (`elicitation/create`): `schema` is
    /// [`form_schema`](super::form_schema)'s.
    fn elicit(
        &self,
        key: Option<String>,
        message: String,
        schema: Value,
    ) -> BoxFuture<Result<ElicitAnswer, String>>;

    /// The client's roots (`roots/list`): the folders and files it lets
    /// the server work in.
    fn roots(&self, key: Option<String>) -> BoxFuture<Result<Vec<Root>, String>>;

    /// The tool is done asking before its task: a call of a tool declared
    /// `#[tool(task, asks_first)]` runs on as an MCP task from here. A
    /// call that is no task ignores it.
    fn begin_task(&self) {}
}

/// One of the client's roots.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Root {
    /// Where it is: a `file://` URI.
    pub uri: String,
    /// What the client calls it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// A request for the client's model.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SampleRequest {
    /// The conversation so far.
    pub messages: Vec<PromptMessage>,
    /// The most tokens to generate.
    pub max_tokens: u32,
    /// A system prompt the client may use.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub system_prompt: Option<String>,
}

impl SampleRequest {
    /// One message from the user, answered in at most `max_tokens`.
    pub fn user(text: impl Into<String>, max_tokens: u32) -> Self {
        SampleRequest {
            messages: vec![PromptMessage::user(text)],
            max_tokens,
            system_prompt: None,
        }
    }

    /// With a system prompt.
    #[must_use]
    pub fn with_system_prompt(mut self, prompt: impl Into<String>) -> Self {
        self.system_prompt = Some(prompt.into());
        self
    }
}

/// The model's answer.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Sampled {
    /// Who answered (the model: `assistant`).
    pub role: Role,
    /// What it said.
    pub content: Content,
    /// The model the client used.
    pub model: String,
    /// Why it stopped (`endTurn`, `maxTokens`, ...).
    #[serde(default)]
    pub stop_reason: Option<String>,
}

impl Sampled {
    /// The answer's text (empty when it is not text).
    pub fn text(&self) -> &str {
        match &self.content {
            Content::Text { text } => text,
            _ => "",
        }
    }
}
