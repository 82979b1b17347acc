//! The static descriptions that `plugin!`, `#[tool]` and `#[hook]` register.
//!
//! Every item macro expands to a `static` of one of these types and submits a
//! reference to it through `inventory`. The runtime reads them once, lazily,
//! to build its registry; nothing here runs user code until a tool is called.
//!
//! [`PluginDef`] is a `plugin!`, [`ToolDef`] a `#[tool]`; hooks, commands,
//! cron jobs, doctor checks and providers have theirs in their own modules
//! ([`hook::HookDef`](crate::hook::HookDef), ...).

use std::any::Any;
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use serde_json::Value;

use crate::Problem;
use crate::access::PermissionDef;
use crate::agent::SubagentDef;
use crate::cron::CronJobDef;
use crate::invocation::{HandlerError, Invocation};
use crate::location::SourceLocation;
use crate::permission::{ContextFile, PermissionRule};
use crate::plugin::PluginInfo;
use crate::skill::SkillDef;
use crate::tool::{ToolAnnotations, ToolResult};

/// A plugin's configuration value, type-erased so one registry can hold every
/// plugin's; the tool glue downcasts it back to the plugin's config type.
pub type AnyConfig = Arc<dyn Any + Send + Sync>;

/// A boxed, sendable future, as async tool handlers return.
pub type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send + 'static>>;

/// One plugin, as declared by `tackle::plugin! { ... }` at a crate root.
pub struct PluginDef {
    /// Unique id: `^[a-z0-9][a-z0-9-]*$`, at most 64 characters (checked at compile time).
    pub id: &'static str,
    /// Human name; the id when not given.
    pub name: &'static str,
    /// Semantic version; the crate's `CARGO_PKG_VERSION` when not given.
    pub version: &'static str,
    /// One-line description.
    pub description: &'static str,
    /// The crate that declared it (`module_path!()` at its root).
    pub crate_name: &'static str,
    /// Where `plugin!` was written.
    pub location: SourceLocation,
    /// Its typed configuration.
    pub config: ConfigDef,
    /// Its state, if it declares one.
    pub state: Option<StateDef>,
    /// Its permission rules, evaluated at `permission_request`.
    pub permission_rules: &'static [PermissionRule],
    /// Its context files, added to the system prompt.
    pub context_files: &'static [ContextFile],
    /// Its skills, read at compile time.
    pub skills: &'static [SkillDef],
    /// Its prompt and exec cron jobs (handler jobs are `#[cron]` items).
    pub cron_jobs: &'static [CronJobDef],
    /// Its subagents.
    pub subagents: &'static [SubagentDef],
    /// The permissions it declares and consumes, namespaced by its id.
    pub permissions: &'static [PermissionDef],
    /// Permissions of this plugin the owner wildcard must not grant.
    pub owner_wildcard_exclusions: &'static [&'static str],
}

/// A plugin's state, type-erased like its config.
pub type AnyState = Arc<dyn Any + Send + Sync>;

/// How to build and dispose of a plugin's state (`plugin! { state: ... }`).
#[derive(Clone, Copy)]
pub struct StateDef {
    /// The Rust type as written in `plugin!`.
    pub type_name: &'static str,
    /// Runs `PluginState::init` with the plugin's typed context.
    pub init: fn(Arc<PluginInfo>, AnyConfig) -> BoxFuture<Result<AnyState, String>>,
    /// Runs `PluginState::dispose`.
    pub dispose: fn(AnyState) -> BoxFuture<()>,
}

impl fmt::Debug for StateDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StateDef")
            .field("type_name", &self.type_name)
            .finish_non_exhaustive()
    }
}

/// How to build and describe a plugin's typed configuration.
pub struct ConfigDef {
    /// The Rust type as written in `plugin!`, or `None` when the plugin takes no config.
    pub type_name: Option<&'static str>,
    /// The config's portable JSON Schema, generated once.
    pub schema: fn() -> &'static Value,
    /// Deserializes a config block (`None` when the host config has none: the
    /// type's `Default` is used).
    pub load: fn(Option<Value>) -> Result<AnyConfig, Problem>,
}

/// One tool, as declared by `#[tool]`.
pub struct ToolDef {
    /// The plugin whose crate declared it.
    pub plugin: &'static PluginDef,
    /// Name the model calls it by: `^[A-Za-z0-9_-]{1,64}$` (checked at compile time).
    pub name: &'static str,
    /// The Rust function behind it.
    pub function: &'static str,
    /// Optional human title (MCP `title`).
    pub title: Option<&'static str>,
    /// Description for the model, from the doc comment or `description = "..."`.
    pub description: &'static str,
    /// Behaviour hints for clients.
    pub annotations: ToolAnnotations,
    /// Explicit position among the plugin's tools (`order = N`, default 0).
    pub order: i32,
    /// Where the function was written.
    pub location: SourceLocation,
    /// The portable JSON Schema of its arguments, generated once.
    pub input_schema: fn() -> &'static Value,
    /// The portable JSON Schema of its structured output, if it returns `Json<T>`.
    pub output_schema: fn() -> Option<&'static Value>,
    /// The generated glue that parses arguments and calls the function.
    pub handler: ToolHandler,
    /// Whether the function can reach its call (it takes `&ToolContext`):
    /// logs, progress, streamed output, its cancellation, the client. A
    /// caller need not set these up for a tool that cannot.
    pub reads_call: bool,
}

/// The generated glue of one tool: sync functions run inline, async ones
/// return a future. Arguments are parsed before either runs.
#[derive(Clone, Copy)]
pub enum ToolHandler {
    /// A plain `fn`.
    Sync(fn(Invocation) -> Result<ToolResult, HandlerError>),
    /// An `async fn`.
    Async(fn(Invocation) -> Result<BoxFuture<ToolResult>, HandlerError>),
}

impl fmt::Debug for ToolHandler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ToolHandler::Sync(_) => "ToolHandler::Sync",
            ToolHandler::Async(_) => "ToolHandler::Async",
        })
    }
}

impl fmt::Debug for PluginDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PluginDef")
            .field("id", &self.id)
            .field("version", &self.version)
            .field("crate_name", &self.crate_name)
            .field("location", &self.location)
            .finish_non_exhaustive()
    }
}

impl fmt::Debug for ConfigDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ConfigDef")
            .field("type_name", &self.type_name)
            .finish_non_exhaustive()
    }
}

impl fmt::Debug for ToolDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ToolDef")
            .field("plugin", &self.plugin.id)
            .field("name", &self.name)
            .field("location", &self.location)
            .field("handler", &self.handler)
            .field("reads_call", &self.reads_call)
            .finish_non_exhaustive()
    }
}

/// Every plugin linked into this binary, in link order (the runtime sorts them).
pub fn linked_plugins() -> impl Iterator<Item = &'static PluginDef> {
    inventory::iter::<crate::__private::PluginRegistration>
        .into_iter()
        .map(|r| r.0)
}

/// Every tool linked into this binary, in link order (the runtime sorts them).
pub fn linked_tools() -> impl Iterator<Item = &'static ToolDef> {
    inventory::iter::<crate::__private::ToolRegistration>
        .into_iter()
        .map(|r| r.0)
}

pub use crate::command::{CommandDef, linked_commands};
pub use crate::cron::{CronDef, linked_cron};
pub use crate::doctor::{DoctorCheckDef, linked_checks};
pub use crate::hook::{HookDef, HookHandler, OnError, linked_hooks};
pub use crate::provider::{ProviderDef, linked_providers};
