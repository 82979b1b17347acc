//! Slash commands: `#[command]` functions a user runs as `/name args`.
//!
//! (Scaffold for issue 4: the commands work fills this module in.)

use crate::def::PluginDef;
use crate::location::SourceLocation;

/// One command, as declared by `#[command]`.
#[derive(Debug)]
pub struct CommandDef {
    /// The plugin whose crate declared it.
    pub plugin: &'static PluginDef,
    /// The name users type after `/`: `^[a-z][a-z0-9-]*$`.
    pub name: &'static str,
    /// Other names for it.
    pub aliases: &'static [&'static str],
    /// Where the function was written.
    pub location: SourceLocation,
}

/// What `#[command]` submits to `inventory`.
#[derive(Debug)]
pub struct CommandRegistration(pub &'static CommandDef);

inventory::collect!(CommandRegistration);

/// Every command linked into this binary, in link order (the runtime sorts them).
pub fn linked_commands() -> impl Iterator<Item = &'static CommandDef> {
    inventory::iter::<CommandRegistration>
        .into_iter()
        .map(|r| r.0)
}
