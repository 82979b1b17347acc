//! What the macros submit to `inventory`, one type per kind of item, and
//! the collections the host reads back (through each module's `linked_*`).

use crate::command::CommandDef;
use crate::cron::CronDef;
use crate::def::ToolDef;
use crate::doctor::DoctorCheckDef;
use crate::hook::HookDef;
use crate::plugin::PluginDef;
use crate::prompt::PromptDef;
use crate::provider::ProviderDef;
use crate::resource::ResourceDef;

/// What `#[doctor_check]` submits to `inventory`.
#[derive(Debug)]
pub struct DoctorCheckRegistration(pub &'static DoctorCheckDef);

inventory::collect!(DoctorCheckRegistration);

/// What `#[provider]` submits to `inventory`.
#[derive(Debug)]
pub struct ProviderRegistration(pub &'static ProviderDef);

inventory::collect!(ProviderRegistration);

/// What `#[cron]` submits to `inventory`.
#[derive(Debug)]
pub struct CronRegistration(pub &'static CronDef);

inventory::collect!(CronRegistration);

/// What `#[command]` submits to `inventory`.
#[derive(Debug)]
pub struct CommandRegistration(pub &'static CommandDef);

inventory::collect!(CommandRegistration);

/// What `#[hook]` submits to `inventory`.
#[derive(Debug)]
pub struct HookRegistration(pub &'static HookDef);

inventory::collect!(HookRegistration);

/// What `plugin!` submits to `inventory`.
#[derive(Debug)]
pub struct PluginRegistration(pub &'static PluginDef);

/// What `#[tool]` submits to `inventory`.
#[derive(Debug)]
pub struct ToolRegistration(pub &'static ToolDef);

inventory::collect!(PluginRegistration);
inventory::collect!(ToolRegistration);

/// What `#[resource]` submits to `inventory`.
#[derive(Debug)]
pub struct ResourceRegistration(pub &'static ResourceDef);

inventory::collect!(ResourceRegistration);

/// What `#[prompt]` submits to `inventory`.
#[derive(Debug)]
pub struct PromptRegistration(pub &'static PromptDef);

inventory::collect!(PromptRegistration);
