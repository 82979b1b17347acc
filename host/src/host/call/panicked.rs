//! The mark a panicked tool's result carries for its host: the result is
//! the model's error text as any failure's, and a host that tells a
//! failure of the tool from one of the server (an MCP task settles
//! `failed` rather than `completed`) reads the mark.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tackle::ToolResult;

/// What [`ToolResult::metadata`] holds when the tool panicked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolPanicked {
    /// The panic's message.
    pub panicked: String,
}

impl ToolPanicked {
    /// The mark on `result`, if its tool panicked.
    pub fn of(result: &ToolResult) -> Option<ToolPanicked> {
        result
            .metadata
            .as_ref()
            .and_then(|m| serde_json::from_value(m.clone()).ok())
    }

    /// As metadata.
    pub(super) fn metadata(self) -> Value {
        serde_json::to_value(self).unwrap_or_default()
    }
}
