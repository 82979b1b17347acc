//! Slash commands: `#[command]` functions a person runs as `/name args`.
//!
//! A command has a name (`^[a-z][a-z0-9-]*$`), optional aliases and a
//! category, a [`CommandSurface`] saying where it may run, a description,
//! and typed arguments. The host parses a command line (`/review --depth 2
//! src`) with a `clap` command built from the arguments' JSON Schema, so
//! `--help` and "did you mean `--depth`?" come for free, then deserializes
//! the values into the function's argument types exactly as it does a
//! tool's. See [`macro@crate::command`] for how to write one.

mod call;
mod context;
mod output;
mod surface;

#[doc(hidden)]
pub use call::CommandCall;
pub use context::CommandContext;
pub use output::{CommandOutput, IntoCommandOutput};
pub use surface::{CommandSurface, Surface};
pub use tackle_spec::command::RESERVED_NAMES;

use std::fmt;

use serde_json::Value;

use crate::future::BoxFuture;
use crate::invocation::HandlerError;
use crate::location::SourceLocation;
use crate::plugin::PluginDef;

/// The JSON Schema extension key that marks an argument as positional
/// (`/review src` rather than `/review --path src`). `#[positional]` on a
/// parameter sets it; on a field of an `#[args]` type write
/// `#[schemars(extend("x-positional" = true))]`.
pub const POSITIONAL_KEY: &str = "x-positional";

/// What a command's function returned: its output, or the failure the user
/// reads (the `Err` of a `Result`, as text).
pub type CommandReturn = Result<CommandOutput, String>;

/// One command, as declared by `#[command]`.
pub struct CommandDef {
    /// The plugin whose crate declared it.
    pub plugin: &'static PluginDef,
    /// The name users type after `/`: `^[a-z][a-z0-9-]*$`.
    pub name: &'static str,
    /// Other names for it, with the same rule.
    pub aliases: &'static [&'static str],
    /// The Rust function behind it.
    pub function: &'static str,
    /// What it does: the doc comment or `description = "..."`.
    pub description: &'static str,
    /// A group for listings and command palettes (`category = "..."`).
    pub category: Option<&'static str>,
    /// Where it may run.
    pub surface: CommandSurface,
    /// Explicit position among the plugin's commands (`order = N`, default 0).
    pub order: i32,
    /// Where the function was written.
    pub location: SourceLocation,
    /// The portable JSON Schema of its arguments, generated once.
    pub args_schema: fn() -> &'static Value,
    /// The generated glue that deserializes arguments and calls the function.
    pub handler: CommandHandler,
}

impl CommandDef {
    /// The name and every alias.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        std::iter::once(self.name).chain(self.aliases.iter().copied())
    }
}

impl fmt::Debug for CommandDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CommandDef")
            .field("plugin", &self.plugin.id)
            .field("name", &self.name)
            .field("aliases", &self.aliases)
            .field("surface", &self.surface)
            .field("location", &self.location)
            .field("handler", &self.handler)
            .finish_non_exhaustive()
    }
}

/// The generated glue of one command. Arguments are deserialized and
/// contexts filled before either kind runs.
#[derive(Clone, Copy)]
pub enum CommandHandler {
    /// A plain `fn`.
    Sync(fn(CommandCall) -> Result<CommandReturn, HandlerError>),
    /// An `async fn`.
    Async(fn(CommandCall) -> Result<BoxFuture<CommandReturn>, HandlerError>),
}

crate::handler::impl_debug!(CommandHandler);

/// Every command linked into this binary, in link order (the runtime sorts them).
pub fn linked_commands() -> impl Iterator<Item = &'static CommandDef> {
    crate::__private::linked::<crate::__private::CommandRegistration>()
}
