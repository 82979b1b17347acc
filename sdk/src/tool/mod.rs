//! What a tool author touches: the call context, results, errors, hints.

mod annotations;
mod cancel;
mod context;
mod error;
mod paths;
mod result;

pub use annotations::ToolAnnotations;
pub use cancel::Cancellation;
pub use context::{ToolContext, ToolSink};
pub use error::ToolError;
pub(crate) use error::chain as error_chain;
pub use result::{Content, IntoToolResult, Json, ToolResult};
