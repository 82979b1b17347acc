//! The model's side of a conversation, one turn per request of the agent.

use serde_json::Value;

/// What the model answers to one of the agent's requests.
#[derive(Debug, Clone, PartialEq)]
pub enum Turn {
    /// Call the tool `name` with `input` (and stop, waiting for its result).
    Tool {
        /// The tool, as the agent offers it (`Bash`, `mcp__server__tool`).
        name: String,
        /// Its arguments.
        input: Value,
    },
    /// Say `text` and end the turn.
    Say(String),
}

impl Turn {
    /// Calls `name` with `input`.
    pub fn tool(name: impl Into<String>, input: Value) -> Turn {
        Turn::Tool {
            name: name.into(),
            input,
        }
    }

    /// Says `text`.
    pub fn say(text: impl Into<String>) -> Turn {
        Turn::Say(text.into())
    }
}
