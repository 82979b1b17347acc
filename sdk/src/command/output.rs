//! What a command returns.

use std::fmt::Display;

use serde::Serialize;
use serde_json::Value;

/// A command's output: text for the person who ran it, and optionally data
/// for a program (`command ... --json` prints it).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct CommandOutput {
    /// What to show.
    pub text: String,
    /// Structured data, if the command has any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data: Option<Value>,
}

impl CommandOutput {
    /// Output that is just text.
    pub fn text(text: impl Into<String>) -> Self {
        CommandOutput {
            text: text.into(),
            data: None,
        }
    }

    /// The same output with structured data attached.
    #[must_use]
    pub fn with_data(mut self, data: Value) -> Self {
        self.data = Some(data);
        self
    }
}

/// A type a `#[command]` function may return.
#[diagnostic::on_unimplemented(
    message = "a command cannot return `{Self}`",
    label = "this return type is not a command's output",
    note = "return `()`, `String`, `&'static str`, `CommandOutput`, or `Result<T, E>` where T is one of these and E: Display (an `Err` is a failure the user reads)"
)]
pub trait IntoCommandOutput {
    /// The output, or the failure as text.
    fn into_command_output(self) -> Result<CommandOutput, String>;
}

impl IntoCommandOutput for () {
    fn into_command_output(self) -> Result<CommandOutput, String> {
        Ok(CommandOutput::default())
    }
}

impl IntoCommandOutput for String {
    fn into_command_output(self) -> Result<CommandOutput, String> {
        Ok(CommandOutput::text(self))
    }
}

impl IntoCommandOutput for &'static str {
    fn into_command_output(self) -> Result<CommandOutput, String> {
        Ok(CommandOutput::text(self))
    }
}

impl IntoCommandOutput for CommandOutput {
    fn into_command_output(self) -> Result<CommandOutput, String> {
        Ok(self)
    }
}

impl<T: IntoCommandOutput, E: Display> IntoCommandOutput for Result<T, E> {
    fn into_command_output(self) -> Result<CommandOutput, String> {
        self.map_err(|e| e.to_string())?.into_command_output()
    }
}
