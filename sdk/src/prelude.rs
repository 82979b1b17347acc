//! `use tackle::prelude::*;` brings what a plugin author writes every day.

pub use crate::command::{CommandContext, CommandOutput};
pub use crate::doctor::{CheckResult, CheckStatus, DoctorContext, Fix};
pub use crate::hook::events::*;
pub use crate::hook::{Decision, HookContext, HookEvent, SessionInfo, Takes, takes};
/// `#[provider]` (and the `provider` module: `Provider`, `Request`, `Reply`, ...).
pub use crate::provider;
pub use crate::session::{Session, SessionError};
pub use crate::tool::{
    Cancellation, Content, ElicitForm, IntoToolResult, Json, LogLevel, SampleRequest,
    ToolAnnotations, ToolContext, ToolError, ToolResult,
};
pub use crate::{BoxError, PluginContext, PluginState, command, data, doctor_check, hook, tool};
pub use crate::{cron, cron::CronContext};
// The traits are serde's and schemars'; the derives of the same names are
// tackle's stand-ins, which `#[tackle::data]` swaps for the real ones (so
// that without it the error says to add it). serde has paths to its traits
// alone; schemars does not, so its trait and derive arrive by a glob, whose
// derive the explicit import of the stand-in shadows.
pub use schemars_trait::*;
pub use serde::de::Deserialize;
pub use serde::ser::Serialize;
pub use tackle_macros::{Deserialize, JsonSchema, Serialize};

mod schemars_trait {
    pub use schemars::JsonSchema;
}
