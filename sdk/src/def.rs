//! The static descriptions that `plugin!`, `#[tool]` and `#[hook]` register.
//!
//! Every item macro expands to a `static` of one of these types and submits a
//! reference to it through `inventory`. The runtime reads them once, lazily,
//! to build its registry; nothing here runs user code until a tool is called.
//!
//! [`PluginDef`] is a `plugin!`, [`ToolDef`] a `#[tool]`; hooks, commands,
//! cron jobs, doctor checks and providers have theirs in their own modules
//! ([`hook::HookDef`](crate::hook::HookDef), ...).

use std::fmt;

use serde_json::Value;

use crate::invocation::{HandlerError, Invocation};
use crate::location::SourceLocation;
use crate::tool::{TaskSupport, ToolAnnotations, ToolResult};

pub use crate::future::BoxFuture;
pub use crate::plugin::{AnyConfig, AnyState, ConfigDef, PluginDef, StateDef, linked_plugins};

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
    /// What the calling MCP client must offer (`#[tool(needs(...))]`): a
    /// client without it is refused before the hooks run.
    pub needs: &'static [crate::tool::ClientCapability],
    /// Whether it may run as an MCP task (`#[tool(task)]`).
    pub task: TaskSupport,
    /// `#[tool(task, asks_first)]`: its task begins when it calls
    /// [`ToolContext::begin_task`](crate::ToolContext::begin_task), not when
    /// it starts, so that what it asks before is answered first.
    pub task_asks_first: bool,
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

crate::handler::impl_debug!(ToolHandler);

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

/// Every tool linked into this binary, in link order (the runtime sorts them).
pub fn linked_tools() -> impl Iterator<Item = &'static ToolDef> {
    crate::__private::linked::<crate::__private::ToolRegistration>()
}

pub use crate::command::{CommandDef, linked_commands};
pub use crate::cron::{CronDef, linked_cron};
pub use crate::doctor::{DoctorCheckDef, linked_checks};
pub use crate::hook::{HookDef, HookHandler, OnError, linked_hooks};
pub use crate::provider::{ProviderDef, linked_providers};
