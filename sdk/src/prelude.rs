//! `use tackle::prelude::*;` brings what a plugin author writes every day.

pub use crate::hook::events::*;
pub use crate::hook::{Decision, HookContext, HookEvent, SessionInfo};
pub use crate::tool::{
    Cancellation, Content, IntoToolResult, Json, ToolAnnotations, ToolContext, ToolError,
    ToolResult,
};
pub use crate::{BoxError, PluginContext, PluginState, data, hook, tool};
pub use crate::{cron, cron::CronContext};
pub use schemars::JsonSchema;
pub use serde::{Deserialize, Serialize};
