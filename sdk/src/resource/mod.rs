//! Resources: data a plugin offers an MCP client to read, declared with
//! `#[resource("scheme://path")]` on a function that returns its contents.
//!
//! A URI with `{name}` segments is a template (RFC 6570 level 1): each
//! variable is a parameter of the function, typed like a tool argument,
//! and every variable must be a parameter and every parameter a variable
//! (checked at compile time).
//!
//! ```
//! use tackle::resource::Blob;
//!
//! tackle::plugin! { id: "docs" }
//!
//! /// The project's changelog.
//! #[tackle::resource("docs://changelog", mime_type = "text/markdown")]
//! fn changelog() -> String {
//!     "# 1.0\n".to_owned()
//! }
//!
//! /// One issue, by number.
//! #[tackle::resource("docs://issues/{number}", mime_type = "application/json")]
//! fn issue(number: u32) -> String {
//!     format!("{{\"number\": {number}}}")
//! }
//!
//! /// The logo, as PNG bytes.
//! #[tackle::resource("docs://logo.png", mime_type = "image/png")]
//! fn logo() -> Blob {
//!     Blob::base64("iVBORw0KGgo=")
//! }
//! # fn main() {}
//! ```

mod change;
mod contents;
mod def;
mod template;

pub use change::ResourceChange;
pub use contents::{Blob, IntoResourceContents, ResourceBody, ResourceContents};
pub use def::{ReadHandler, ReadResult, ResourceDef, linked_resources};
pub use template::UriTemplate;
