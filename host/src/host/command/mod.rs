//! Slash commands: the host's table of them, in host order, and (with the
//! `slash-commands` feature) running a command line ([`run`]).

mod error;
#[cfg(feature = "slash-commands")]
mod line;
#[cfg(feature = "slash-commands")]
mod parser;
#[cfg(feature = "slash-commands")]
mod run;

use std::collections::HashMap;
#[cfg(feature = "slash-commands")]
use std::sync::OnceLock;

use tackle::command::{CommandDef, Surface};

pub use error::CommandError;

use super::{Host, LoadState, NameIndex};

/// The host's commands in host order, with what each needs built once, on
/// its first run.
#[derive(Debug, Default)]
pub(crate) struct CommandTable {
    commands: Vec<&'static CommandDef>,
    /// Lowercase name or alias → index in `commands`.
    by_name: HashMap<String, usize>,
    #[cfg(feature = "slash-commands")]
    parsers: Vec<OnceLock<Result<parser::Parser, String>>>,
    #[cfg(feature = "slash-commands")]
    constraints: Vec<OnceLock<Option<crate::problems::Constraints>>>,
}

impl CommandTable {
    /// The table of `commands`, ordered by their plugin's place in
    /// `plugin_index` (the host's order), then `order`, then source location.
    pub(crate) fn new(mut commands: Vec<&'static CommandDef>, plugin_index: &NameIndex) -> Self {
        commands.sort_by_key(|c| (plugin_index.get(c.plugin.id).copied(), c.order, c.location));
        let mut by_name = HashMap::new();
        for (i, def) in commands.iter().enumerate() {
            for name in def.names() {
                // The registry refuses clashes; keep the first regardless.
                by_name.entry(name.to_ascii_lowercase()).or_insert(i);
            }
        }
        CommandTable {
            #[cfg(feature = "slash-commands")]
            parsers: commands.iter().map(|_| OnceLock::new()).collect(),
            #[cfg(feature = "slash-commands")]
            constraints: commands.iter().map(|_| OnceLock::new()).collect(),
            commands,
            by_name,
        }
    }
}

/// Slash commands: what the plugins declare and where each may run.
impl Host {
    /// Every command, in plugin order, then `order`, then source location.
    pub fn commands(&self) -> &[&'static CommandDef] {
        &self.commands.commands
    }

    /// The command with this name or alias (any case, leading `/` optional).
    pub fn command(&self, name: &str) -> Option<&'static CommandDef> {
        let name = name.strip_prefix('/').unwrap_or(name).to_ascii_lowercase();
        self.commands
            .by_name
            .get(&name)
            .map(|&i| self.commands.commands[i])
    }

    /// Whether a command may run on `surface` and its plugin is ready.
    pub fn is_runnable(&self, command: &CommandDef, surface: Surface) -> bool {
        command.surface.allows(surface)
            && self
                .plugin(command.plugin.id)
                .is_some_and(|p| matches!(p.state, LoadState::Ready { .. }))
    }
}
