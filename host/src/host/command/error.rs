//! Why a command line did not produce output.

use tackle::command::{CommandSurface, Surface};

/// Why [`Host::run_command`](crate::Host::run_command) has no output for a
/// line. Each message says what was wrong and what to do.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    /// The line has no command in it.
    #[error("the command line is empty; type `/name [arguments]` (commands: {known})")]
    Empty {
        /// The commands that can run here.
        known: String,
    },
    /// The line cannot be split into words (an unclosed quote).
    #[error("cannot read the command line: {message}")]
    Line {
        /// What is wrong.
        message: String,
    },
    /// No command has this name or alias.
    #[error("no command is named `/{name}`{suggestion} (commands: {known})")]
    Unknown {
        /// The name as typed, without its `/`.
        name: String,
        /// `; did you mean ...?`, or empty.
        suggestion: String,
        /// The commands that can run here.
        known: String,
    },
    /// The arguments do not fit the command: clap's message (unknown
    /// option, missing value, ...), or the values broke the argument types
    /// or their constraints (every problem, each naming its argument).
    #[error("{message}")]
    Usage {
        /// The command.
        command: String,
        /// The message, with the usage line and a hint when clap gives one.
        message: String,
    },
    /// The command may not run on this surface.
    #[error("{}", wrong_surface(command, *surface, *on))]
    WrongSurface {
        /// The command.
        command: String,
        /// Where it may run.
        surface: CommandSurface,
        /// Where it was asked to run.
        on: Surface,
    },
    /// The command's plugin is not running.
    #[error("`/{command}` belongs to plugin `{plugin}`, which {why}")]
    PluginUnavailable {
        /// The command.
        command: String,
        /// Its plugin.
        plugin: String,
        /// Why the plugin is off.
        why: String,
    },
    /// The command ran and returned an `Err`.
    #[error("`/{command}` failed: {message}")]
    Failed {
        /// The command.
        command: String,
        /// Its error, as text.
        message: String,
    },
    /// The command panicked; the panic was contained.
    #[error("`/{command}` failed: it panicked: {message}")]
    Panicked {
        /// The command.
        command: String,
        /// The panic's message.
        message: String,
    },
    /// The command's arguments cannot be written on a command line (a
    /// mistake in the plugin, reported rather than a panic).
    #[error("`/{command}` cannot take its arguments from a command line: {message}")]
    Definition {
        /// The command.
        command: String,
        /// What is wrong with its arguments type.
        message: String,
    },
    /// The host was shut down.
    #[error("the host is shut down; `/{command}` was not run")]
    ShutDown {
        /// The command.
        command: String,
    },
}

/// "`/deploy` runs on the host only (`surface = "host"`), not inside the agent; ..."
fn wrong_surface(command: &str, surface: CommandSurface, on: Surface) -> String {
    let (runs, instead) = match surface {
        CommandSurface::Agent => (
            "inside the agent only",
            "type it in the agent's prompt".to_owned(),
        ),
        _ => (
            "on the host only",
            format!("run it with the host binary: `<bin> command \"/{command} ...\"`"),
        ),
    };
    let here = match on {
        Surface::Agent => "inside the agent",
        Surface::Host => "on the host",
    };
    format!("`/{command}` runs {runs} (`surface = \"{surface}\"`), not {here}; {instead}")
}
