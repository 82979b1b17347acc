//! A ready-made error type for tools.

use std::fmt;

/// An error a tool returns to the model: `Result<T, ToolError>`.
///
/// Any `std::error::Error` converts into it with `?`, keeping its chain of
/// causes in the message (`reading src/x.rs: No such file or directory`).
/// Any other `E: Display` works as a tool's error type too.
pub struct ToolError {
    message: String,
}

impl ToolError {
    /// An error with this message.
    pub fn new(message: impl Into<String>) -> Self {
        ToolError {
            message: message.into(),
        }
    }

    /// Prefixes the message with what was being done.
    #[must_use]
    pub fn context(self, what: impl fmt::Display) -> Self {
        ToolError {
            message: format!("{what}: {}", self.message),
        }
    }

    /// The message the model will see.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl<E: std::error::Error> From<E> for ToolError {
    fn from(error: E) -> Self {
        ToolError {
            message: chain(&error),
        }
    }
}

/// An error and its causes, joined by `: ` (`reading x: permission denied`).
pub(crate) fn chain(error: &dyn std::error::Error) -> String {
    let mut message = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        message.push_str(": ");
        message.push_str(&cause.to_string());
        source = cause.source();
    }
    message
}

impl fmt::Display for ToolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl fmt::Debug for ToolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ToolError({:?})", self.message)
    }
}
