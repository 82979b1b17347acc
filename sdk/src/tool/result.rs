//! What a tool returns, and how return types become results.

use std::fmt::Display;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::resource::ResourceContents;

/// One part of a tool's output for the model (or of a prompt message).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Content {
    /// Text.
    Text {
        /// The text.
        text: String,
    },
    /// An image, base64-encoded.
    Image {
        /// Base64 data.
        data: String,
        /// MIME type, such as `image/png`.
        #[serde(rename = "mimeType")]
        mime_type: String,
    },
    /// Audio, base64-encoded.
    Audio {
        /// Base64 data.
        data: String,
        /// MIME type, such as `audio/wav`.
        #[serde(rename = "mimeType")]
        mime_type: String,
    },
    /// A resource's contents, embedded.
    Resource {
        /// The contents.
        resource: ResourceContents,
    },
    /// A link to a resource the client may read (`resources/read`).
    #[serde(rename = "resource_link", rename_all = "camelCase")]
    ResourceLink {
        /// Its URI.
        uri: String,
        /// Its name.
        name: String,
        /// What it is.
        #[serde(skip_serializing_if = "Option::is_none")]
        description: Option<String>,
        /// Its MIME type.
        #[serde(skip_serializing_if = "Option::is_none")]
        mime_type: Option<String>,
    },
}

/// The result of a tool call, in the shape MCP's `tools/call` returns.
///
/// `metadata` is for the host only and never reaches the model.
///
/// ```
/// use serde_json::json;
/// use tackle::ToolResult;
///
/// let result = ToolResult::text("3 files")
///     .with_text("2 changed")
///     .with_structured(json!({"files": 3, "changed": 2}))
///     .with_metadata(json!({"elapsed_ms": 12}));
/// assert_eq!(result.text_content(), "3 files\n2 changed");
/// assert!(!result.is_error);
///
/// // The MCP shape, which clients read (`metadata` stays with the host).
/// let wire = serde_json::to_value(&result).unwrap();
/// assert_eq!(wire["content"][0], json!({"type": "text", "text": "3 files"}));
/// assert_eq!(wire["structuredContent"]["changed"], 2);
///
/// let failed = ToolResult::error("`src/nope.rs` does not exist");
/// assert!(failed.is_error);
/// assert_eq!(failed.text_content(), "`src/nope.rs` does not exist");
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct ToolResult {
    /// What the model reads.
    pub content: Vec<Content>,
    /// Structured output, matching the tool's output schema (from `Json<T>`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub structured_content: Option<Value>,
    /// Whether the call failed; the model sees the content as the error.
    pub is_error: bool,
    /// Data for the host, not for the model.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata: Option<Value>,
}

impl ToolResult {
    /// A successful text result.
    pub fn text(text: impl Into<String>) -> Self {
        ToolResult {
            content: vec![Content::Text { text: text.into() }],
            ..Default::default()
        }
    }

    /// A failed result carrying `message` for the model.
    pub fn error(message: impl Into<String>) -> Self {
        ToolResult {
            content: vec![Content::Text {
                text: message.into(),
            }],
            is_error: true,
            ..Default::default()
        }
    }

    /// A successful image result.
    pub fn image(data_base64: impl Into<String>, mime_type: impl Into<String>) -> Self {
        ToolResult {
            content: vec![Content::Image {
                data: data_base64.into(),
                mime_type: mime_type.into(),
            }],
            ..Default::default()
        }
    }

    /// A successful audio result.
    pub fn audio(data_base64: impl Into<String>, mime_type: impl Into<String>) -> Self {
        ToolResult::default().with_content(Content::Audio {
            data: data_base64.into(),
            mime_type: mime_type.into(),
        })
    }

    /// A successful result embedding a resource's contents.
    pub fn resource(contents: ResourceContents) -> Self {
        ToolResult::default().with_content(Content::Resource { resource: contents })
    }

    /// Appends any part: an image, audio, an embedded resource, a link.
    #[must_use]
    pub fn with_content(mut self, content: Content) -> Self {
        self.content.push(content);
        self
    }

    /// Appends a text part.
    #[must_use]
    pub fn with_text(mut self, text: impl Into<String>) -> Self {
        self.content.push(Content::Text { text: text.into() });
        self
    }

    /// Attaches host-only metadata.
    #[must_use]
    pub fn with_metadata(mut self, metadata: Value) -> Self {
        self.metadata = Some(metadata);
        self
    }

    /// Attaches structured content.
    #[must_use]
    pub fn with_structured(mut self, value: Value) -> Self {
        self.structured_content = Some(value);
        self
    }

    /// All text parts, joined by newlines.
    pub fn text_content(&self) -> String {
        let mut out = String::new();
        for part in &self.content {
            if let Content::Text { text } = part {
                if !out.is_empty() {
                    out.push('\n');
                }
                out.push_str(text);
            }
        }
        out
    }
}

/// Structured output: the value is serialized into `structuredContent` (and
/// as JSON text for clients that read only text), and its type's schema
/// becomes the tool's output schema.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Json<T>(pub T);

/// A type a tool may return.
#[diagnostic::on_unimplemented(
    message = "a tool cannot return `{Self}`",
    label = "this return type is not a tool result",
    note = "return `String`, `&'static str`, `()`, `Json<T>` (T: Serialize + JsonSchema), `ToolResult`, or `Result<T, E>` where T is one of these and E: Display",
    note = "to return data as structured output, put it in a struct that derives `Serialize` and `JsonSchema`, and return `Json<ThatStruct>`"
)]
pub trait IntoToolResult {
    /// Converts the value into the result the model sees.
    fn into_tool_result(self) -> ToolResult;

    /// The portable schema of the structured output, for `Json<T>`.
    fn output_schema() -> Option<Value> {
        None
    }
}

impl IntoToolResult for ToolResult {
    fn into_tool_result(self) -> ToolResult {
        self
    }
}

impl IntoToolResult for String {
    fn into_tool_result(self) -> ToolResult {
        ToolResult::text(self)
    }
}

impl IntoToolResult for &'static str {
    fn into_tool_result(self) -> ToolResult {
        ToolResult::text(self)
    }
}

impl IntoToolResult for () {
    fn into_tool_result(self) -> ToolResult {
        ToolResult::default()
    }
}

impl<T: Serialize + JsonSchema> IntoToolResult for Json<T> {
    fn into_tool_result(self) -> ToolResult {
        match serde_json::to_value(&self.0) {
            Ok(value) => {
                let text = value.to_string();
                ToolResult::text(text).with_structured(value)
            }
            Err(e) => ToolResult::error(format!("the tool's output could not be serialized: {e}")),
        }
    }

    fn output_schema() -> Option<Value> {
        Some(crate::schema::portable_output::<T>())
    }
}

impl<T: IntoToolResult, E: Display> IntoToolResult for Result<T, E> {
    fn into_tool_result(self) -> ToolResult {
        match self {
            Ok(v) => v.into_tool_result(),
            Err(e) => ToolResult::error(e.to_string()),
        }
    }

    fn output_schema() -> Option<Value> {
        T::output_schema()
    }
}
