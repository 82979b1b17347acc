//! What generated code reaches through `::tackle::__private`. Not a public
//! API: names here change without notice.
//!
//! One file per concern: the plugin marker and its config (`plugin`),
//! filling a tool's reference parameters (`inject`), hook glue (`hook`), plugin state glue
//! (`state`), provider factories (`provider`), schemas generated once (`cells`),
//! what each macro submits to `inventory` (`registration`).

mod cells;
mod command;
mod cron;
mod doctor;
mod hook;
mod inject;
mod plugin;
mod provider;
mod registration;
mod served;
mod state;

pub use inventory;
pub use schemars;
pub use serde;
pub use serde_json;
pub use tracing;

pub use cells::{OutputSchemaCell, SchemaCell};
pub use command::{FromCommand, into_command_output};
pub use cron::{FromCron, cron_result};
pub use doctor::{FromDoctor, checked};
pub use hook::{FromHook, Lent, decided, observed, prompted, ready_now};
pub use inject::{FromInvocation, Held};
pub use plugin::{PluginConfig, PluginDecl, is_crate_root, load_config};
pub use provider::{FactoryParam, IntoProvider, into_provider};
pub(crate) use registration::linked;
pub use registration::{
    CommandRegistration, CronRegistration, DoctorCheckRegistration, HookRegistration,
    PluginRegistration, PromptRegistration, ProviderRegistration, ResourceRegistration,
    ToolRegistration,
};
pub use served::{argument, completions, is_required, variants};
pub use state::state_def;

pub use crate::access::PermissionDef;
pub use crate::command::{CommandCall, CommandDef, CommandHandler, CommandReturn, CommandSurface};
pub use crate::cron::{CronAction, CronCall, CronContext, CronDef, CronHandler, CronJobDef};
pub use crate::def::{
    AnyConfig, AnyState, BoxFuture, ConfigDef, PluginDef, StateDef, ToolDef, ToolHandler,
};
pub use crate::doctor::{CheckFuture, CheckHandler, CheckOutcome, DoctorCall, DoctorCheckDef};
pub use crate::hook::{HookCall, HookDef, HookFuture, HookHandler, HookPoint, HookReturn, OnError};
pub use crate::invocation::{HandlerError, Invocation};
pub use crate::location::SourceLocation;
pub use crate::permission::{ContextFile, PermissionRule, RuleAction};
pub use crate::plugin::PluginInfo;
pub use crate::prompt::{GetResult, IntoPromptMessages, PromptArgument, PromptDef, PromptMessage};
pub use crate::provider::{Provider, ProviderDef, ProviderFactory};
pub use crate::resource::{IntoResourceContents, ReadResult, ResourceDef};
pub use crate::skill::SkillDef;
pub use crate::subagent::{Payload, SubagentDef, SubagentPayload};
pub use crate::tool::{IntoToolResult, ToolResult};

/// Turns whatever a tool function returned into its result.
pub fn into_result<R: IntoToolResult>(value: R) -> ToolResult {
    value.into_tool_result()
}
