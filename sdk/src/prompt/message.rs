//! A prompt's messages, and the return types a `#[prompt]` function may have.

use std::fmt::Display;

use serde::{Deserialize, Serialize};

use crate::tool::Content;

/// Who a prompt message is from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// The user.
    User,
    /// The model.
    Assistant,
}

/// One message of a prompt: text, an image, audio or an embedded resource.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PromptMessage {
    /// Who says it.
    pub role: Role,
    /// What is said.
    pub content: Content,
}

impl PromptMessage {
    /// `content` from `role`.
    pub fn new(role: Role, content: Content) -> Self {
        PromptMessage { role, content }
    }

    /// Text from the user.
    pub fn user(text: impl Into<String>) -> Self {
        PromptMessage::new(Role::User, Content::Text { text: text.into() })
    }

    /// Text from the model.
    pub fn assistant(text: impl Into<String>) -> Self {
        PromptMessage::new(Role::Assistant, Content::Text { text: text.into() })
    }
}

/// What a `#[prompt]` function may return: `String` (one user message),
/// [`PromptMessage`] or a `Vec` of them, or a `Result` of any of these
/// whose error is shown to the client.
#[diagnostic::on_unimplemented(
    message = "a prompt cannot return `{Self}`",
    label = "not prompt messages",
    note = "return `String` (one message from the user), `PromptMessage`, `Vec<PromptMessage>`, or a `Result` of one of these whose error is `Display`"
)]
pub trait IntoPromptMessages {
    /// The messages.
    fn into_messages(self) -> Result<Vec<PromptMessage>, String>;
}

impl IntoPromptMessages for String {
    fn into_messages(self) -> Result<Vec<PromptMessage>, String> {
        Ok(vec![PromptMessage::user(self)])
    }
}

impl IntoPromptMessages for PromptMessage {
    fn into_messages(self) -> Result<Vec<PromptMessage>, String> {
        Ok(vec![self])
    }
}

impl IntoPromptMessages for Vec<PromptMessage> {
    fn into_messages(self) -> Result<Vec<PromptMessage>, String> {
        Ok(self)
    }
}

impl<T: IntoPromptMessages, E: Display> IntoPromptMessages for Result<T, E> {
    fn into_messages(self) -> Result<Vec<PromptMessage>, String> {
        self.map_err(|e| e.to_string())?.into_messages()
    }
}
