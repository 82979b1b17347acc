//! Prompts: message templates a plugin offers an MCP client, declared with
//! `#[prompt]` on a function whose parameters are the prompt's arguments.
//!
//! Each argument is typed like a tool argument; its description is its
//! `///` comment, and it is required unless its type is an `Option`.
//! Clients send every argument as a string: `"42"` reaches a `u32` as 42,
//! `"fast"` an enum variant `Fast`. An enum argument's variants are its
//! completions, for free; `complete(arg = function)` names a function
//! `fn(&str) -> Vec<String>` that completes one argument instead. A
//! prompt that takes `ctx: &PromptContext` may ask the MCP client for what
//! it needs (a form for the user, a sample of its model, its roots), as a
//! tool does.
//!
//! ```
//! use tackle::prompt::PromptMessage;
//!
//! tackle::plugin! { id: "review" }
//!
//! #[tackle::data]
//! #[derive(tackle::prelude::Deserialize, tackle::prelude::JsonSchema)]
//! #[serde(rename_all = "lowercase")]
//! enum Depth { Quick, Thorough }
//!
//! /// Ask for a review of one file.
//! #[tackle::prompt]
//! fn review(
//!     /// The file to review.
//!     path: String,
//!     /// How deep to go (default: quick).
//!     depth: Option<Depth>,
//! ) -> Vec<PromptMessage> {
//!     let depth = match depth { Some(Depth::Thorough) => "thoroughly", _ => "quickly" };
//!     vec![PromptMessage::user(format!("Review {path} {depth}."))]
//! }
//! # fn main() {}
//! ```

mod context;
mod message;

use serde_json::{Map, Value};

pub use context::PromptContext;
pub use message::{IntoPromptMessages, PromptMessage, Role};

use crate::future::BoxFuture;
use crate::location::SourceLocation;
use crate::plugin::PluginDef;

/// What getting a prompt gives: its messages, or why it could not.
pub type GetResult = Result<Vec<PromptMessage>, String>;

/// Builds a prompt's messages from the client's arguments (JSON strings),
/// with the client to ask; an error names the argument that is missing or
/// did not parse.
pub type GetHandler = fn(Map<String, Value>, PromptContext) -> Result<BoxFuture<GetResult>, String>;

/// One `#[prompt]`.
pub struct PromptDef {
    /// The plugin whose crate declared it.
    pub plugin: &'static PluginDef,
    /// Its name (`name = "..."`, or the function's).
    pub name: &'static str,
    /// Optional human title.
    pub title: Option<&'static str>,
    /// From the doc comment or `description = "..."`.
    pub description: &'static str,
    /// Its arguments, in the function's order.
    pub arguments: fn() -> &'static [PromptArgument],
    /// Where the function was written.
    pub location: SourceLocation,
    /// Builds its messages.
    pub get: GetHandler,
    /// Completion candidates for an argument, given its name and the
    /// value typed so far.
    pub complete: fn(&str, &str) -> Vec<String>,
}

/// One argument of a prompt, as a client sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromptArgument {
    /// Its name: the parameter's.
    pub name: &'static str,
    /// The parameter's `///` comment.
    pub description: &'static str,
    /// Whether it must be given: its type is not an `Option`.
    pub required: bool,
}

impl std::fmt::Debug for PromptDef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PromptDef")
            .field("plugin", &self.plugin.id)
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// Every `#[prompt]` linked into the binary.
pub fn linked_prompts() -> impl Iterator<Item = &'static PromptDef> {
    crate::__private::linked::<crate::__private::PromptRegistration>()
}
