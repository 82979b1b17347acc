//! Glue `#[command]` generates calls into: filling a command's reference
//! parameters and turning its return value into output.

use crate::command::{CommandCall, IntoCommandOutput};
use crate::invocation::HandlerError;

use super::inject::Held;

/// A type the glue can hand a command for a reference parameter `&T`.
///
/// `plugin!` implements it for `CommandContext<()>`, `CommandContext<Config>`,
/// `PluginContext<()>`, `PluginContext<Config>` and the state type of its
/// own plugin.
#[diagnostic::on_unimplemented(
    message = "a command of this plugin cannot take `&{Self}`",
    label = "tackle fills reference parameters itself, and it has no `{Self}` to give",
    note = "reference parameters are filled by tackle: `&CommandContext`, `&CommandContext<Config>`, `&PluginContext<Config>` (`Config`: the type in `plugin! {{ config: ... }}`), or `&State` (the type in `plugin! {{ state: ... }}`)",
    note = "arguments from the command line are taken by value, never by `&`: `path: String`, `depth: Option<u32>`"
)]
pub trait FromCommand<P>: Sized {
    /// Builds the value the command borrows for one run.
    fn from_command(call: &CommandCall) -> Result<Held<Self>, HandlerError>;
}

/// Turns whatever a command function returned into its output or failure.
pub fn into_command_output<R: IntoCommandOutput>(
    value: R,
) -> Result<crate::command::CommandOutput, String> {
    value.into_command_output()
}
