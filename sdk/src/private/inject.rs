//! Filling a tool's reference parameters: contexts and the plugin's state.

use std::ops::Deref;
use std::sync::Arc;

use crate::invocation::{HandlerError, Invocation};

/// A type the glue can hand a tool for a reference parameter `&T`.
///
/// `plugin!` implements it for `ToolContext<()>`, `ToolContext<Config>`,
/// `PluginContext<()>` and `PluginContext<Config>` of its own plugin, and
/// for its state type.
#[diagnostic::on_unimplemented(
    message = "a tool of this plugin cannot take `&{Self}`",
    label = "tackle fills reference parameters itself, and it has no `{Self}` to give",
    note = "reference parameters are filled by tackle: `&ToolContext`, `&ToolContext<Config>`, `&PluginContext<Config>` (`Config`: the type in `plugin! {{ config: ... }}`), or `&State` (the type in `plugin! {{ state: ... }}`)",
    note = "arguments from the model are taken by value, never by `&`: `path: String`, `lines: Vec<u32>`"
)]
pub trait FromInvocation<P>: Sized {
    /// Whether the value reaches the call itself (`ToolContext` does: its
    /// logs, progress, cancellation and client); `ToolDef::reads_call`.
    const READS_CALL: bool = false;

    /// Builds the value the tool borrows for one call.
    fn from_invocation(invocation: &Invocation) -> Result<Held<Self>, HandlerError>;
}

/// What the glue holds while a tool borrows it: a context built for the
/// call, or the plugin's shared state. A concrete type rather than an
/// associated one, so that a parameter tackle cannot fill is one error, not
/// one per use.
#[derive(Debug)]
pub enum Held<T> {
    /// Built for this call.
    Owned(T),
    /// Shared by every call.
    Shared(Arc<T>),
}

impl<T> Deref for Held<T> {
    type Target = T;

    fn deref(&self) -> &T {
        match self {
            Held::Owned(value) => value,
            Held::Shared(value) => value,
        }
    }
}
