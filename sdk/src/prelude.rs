//! `use tackle::prelude::*;` brings what a plugin author writes every day.

pub use crate::tool::{
    Cancellation, Content, IntoToolResult, Json, ToolAnnotations, ToolContext, ToolError,
    ToolResult,
};
pub use crate::{BoxError, PluginContext, PluginState, data, tool};
pub use schemars::JsonSchema;
pub use serde::{Deserialize, Serialize};
