//! A resource's contents, and the return types a `#[resource]` function
//! may have.

use std::fmt::Display;

use serde::{Deserialize, Serialize};

/// One piece of a resource: its URI, MIME type, and text or bytes. The
/// same shape is embedded in a tool result or a prompt message
/// ([`Content::Resource`](crate::Content::Resource)).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ResourceContents {
    /// Where it lives.
    pub uri: String,
    /// Its MIME type, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<String>,
    /// Text or base64 bytes.
    #[serde(flatten)]
    pub body: ResourceBody,
}

/// A resource's text, or its bytes in base64.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ResourceBody {
    /// Text.
    Text {
        /// The text.
        text: String,
    },
    /// Bytes, base64-encoded.
    Blob {
        /// Base64 data.
        blob: String,
    },
}

impl ResourceContents {
    /// Text at `uri`.
    pub fn text(uri: impl Into<String>, text: impl Into<String>) -> Self {
        ResourceContents {
            uri: uri.into(),
            mime_type: None,
            body: ResourceBody::Text { text: text.into() },
        }
    }

    /// Base64 bytes at `uri`.
    pub fn blob(uri: impl Into<String>, base64: impl Into<String>) -> Self {
        ResourceContents {
            uri: uri.into(),
            mime_type: None,
            body: ResourceBody::Blob {
                blob: base64.into(),
            },
        }
    }

    /// With its MIME type.
    #[must_use]
    pub fn with_mime_type(mut self, mime_type: impl Into<String>) -> Self {
        self.mime_type = Some(mime_type.into());
        self
    }
}

/// Binary contents, already base64-encoded, for a `#[resource]` to return.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blob(String);

impl Blob {
    /// Bytes given as base64.
    pub fn base64(data: impl Into<String>) -> Self {
        Blob(data.into())
    }
}

/// What a `#[resource]` function may return: `String` (text), [`Blob`]
/// (bytes), [`ResourceContents`] or a `Vec` of them, or a `Result` of
/// any of these whose error is shown to the client.
#[diagnostic::on_unimplemented(
    message = "a resource cannot return `{Self}`",
    label = "not resource contents",
    note = "return `String` (text), `tackle::resource::Blob` (bytes), `ResourceContents`, `Vec<ResourceContents>`, or a `Result` of one of these whose error is `Display`"
)]
pub trait IntoResourceContents {
    /// The contents read at `uri`; `mime_type` is the resource's declared one.
    fn into_contents(
        self,
        uri: &str,
        mime_type: Option<&str>,
    ) -> Result<Vec<ResourceContents>, String>;
}

fn typed(mut contents: ResourceContents, mime_type: Option<&str>) -> ResourceContents {
    if contents.mime_type.is_none() {
        contents.mime_type = mime_type.map(str::to_owned);
    }
    contents
}

impl IntoResourceContents for String {
    fn into_contents(self, uri: &str, mime: Option<&str>) -> Result<Vec<ResourceContents>, String> {
        Ok(vec![typed(ResourceContents::text(uri, self), mime)])
    }
}

impl IntoResourceContents for &'static str {
    fn into_contents(self, uri: &str, mime: Option<&str>) -> Result<Vec<ResourceContents>, String> {
        self.to_owned().into_contents(uri, mime)
    }
}

impl IntoResourceContents for Blob {
    fn into_contents(self, uri: &str, mime: Option<&str>) -> Result<Vec<ResourceContents>, String> {
        Ok(vec![typed(ResourceContents::blob(uri, self.0), mime)])
    }
}

impl IntoResourceContents for ResourceContents {
    fn into_contents(
        self,
        _uri: &str,
        mime: Option<&str>,
    ) -> Result<Vec<ResourceContents>, String> {
        Ok(vec![typed(self, mime)])
    }
}

impl IntoResourceContents for Vec<ResourceContents> {
    fn into_contents(
        self,
        _uri: &str,
        mime: Option<&str>,
    ) -> Result<Vec<ResourceContents>, String> {
        Ok(self.into_iter().map(|c| typed(c, mime)).collect())
    }
}

impl<T: IntoResourceContents, E: Display> IntoResourceContents for Result<T, E> {
    fn into_contents(self, uri: &str, mime: Option<&str>) -> Result<Vec<ResourceContents>, String> {
        self.map_err(|e| e.to_string())?.into_contents(uri, mime)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{Blob, IntoResourceContents};

    #[test]
    fn text_and_bytes_take_the_declared_mime_type() {
        let text = "hi"
            .into_contents("a://b", Some("text/plain"))
            .expect("present");
        assert_eq!(
            serde_json::to_value(&text).expect("present"),
            json!([{"uri": "a://b", "mimeType": "text/plain", "text": "hi"}])
        );
        let blob = Blob::base64("AAE=")
            .into_contents("a://c", None)
            .expect("present");
        assert_eq!(
            serde_json::to_value(&blob).expect("present"),
            json!([{"uri": "a://c", "blob": "AAE="}])
        );
        let failed: Result<String, &str> = Err("gone");
        assert_eq!(
            failed.into_contents("a://d", None).expect_err("fails"),
            "gone"
        );
    }
}
