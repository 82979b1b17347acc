//! `use tackle::prelude::*;` brings what a plugin author writes every day.

pub use crate::command::{CommandContext, CommandOutput};
pub use crate::doctor::{CheckResult, CheckStatus, DoctorContext, Fix};
pub use crate::hook::events::*;
pub use crate::hook::{Decision, HookContext, HookEvent, SessionInfo};
/// `#[provider]` (and the `provider` module: `Provider`, `Request`, `Reply`, ...).
pub use crate::provider;
pub use crate::session::{Session, SessionError};
pub use crate::tool::{
    Cancellation, Content, IntoToolResult, Json, ToolAnnotations, ToolContext, ToolError,
    ToolResult,
};
pub use crate::{BoxError, PluginContext, PluginState, command, data, doctor_check, hook, tool};
pub use crate::{cron, cron::CronContext};
pub use schemars::JsonSchema;
pub use serde::{Deserialize, Serialize};
