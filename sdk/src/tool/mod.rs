//! What a tool author touches: the call context, results, errors, hints.
//!
//! A [`#[tool]`](macro@crate::tool) function asks for a [`ToolContext`]
//! (the call, the plugin's config, progress to a [`ToolSink`], its
//! [`Cancellation`]), returns anything [`IntoToolResult`] (text, [`Json`]
//! for structured output, a whole [`ToolResult`]) and fails with a
//! [`ToolError`] the model reads. [`ToolAnnotations`] are the hints
//! (`read_only`, `destructive`, ...) clients see.

mod annotations;
mod asking;
mod cancel;
mod client;
mod context;
mod elicit;
mod error;
mod log;
mod paths;
mod result;
mod task;

pub use annotations::ToolAnnotations;
pub(crate) use asking::Asking;
pub use asking::Keyed;
pub use cancel::Cancellation;
pub use client::{ClientCapability, ClientRequests, Root, SampleRequest, Sampled};
pub use context::{ToolContext, ToolSink};
pub use elicit::{ElicitAnswer, ElicitChoice, ElicitField, ElicitForm, Elicited, form_schema};
pub use error::ToolError;
pub(crate) use error::chain as error_chain;
pub use log::LogLevel;
pub use result::{Content, IntoToolResult, Json, ToolResult};
/// `#[derive(ElicitForm)]`: see the trait [`ElicitForm`].
pub use tackle_macros::ElicitForm;
pub use task::TaskSupport;
