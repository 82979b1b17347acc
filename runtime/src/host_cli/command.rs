//! `command "/name args" [--json]`: run a plugin's slash command on the
//! host surface, from origin `cli`, and print its output.

use serde_json::{Value, json};
use tackle::Origin;
use tackle::command::{CommandDef, Surface};

use super::{exit, output};
use tackle_host::{CommandError, Host};

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// The command line, quoted as one argument: "/review --depth 2 src"
    /// (the leading `/` is optional). "/NAME --help" shows its options.
    #[arg(value_name = "LINE", allow_hyphen_values = true)]
    line: String,
    /// Print JSON: `{"command", "output", "data"}` or `{"error", "kind"}`.
    #[arg(long)]
    json: bool,
}

pub(super) async fn run(host: &Host, args: Args) -> u8 {
    let result = host
        .run_command_on(&args.line, Surface::Host, Origin::new("cli"))
        .await;
    match result {
        Ok(out) => {
            if args.json {
                let command = first_word(&args.line).and_then(|n| host.command(n));
                let value = json!({
                    "command": command.map(|c| c.name),
                    "output": out.text,
                    "data": out.data,
                });
                output::write(&format!("{value:#}\n"));
            } else {
                let mut text = out.text;
                if !text.is_empty() && !text.ends_with('\n') {
                    text.push('\n');
                }
                output::write(&text);
            }
            exit::OK
        }
        Err(e) => {
            if args.json {
                let value = json!({ "error": e.to_string(), "kind": kind(&e) });
                output::write(&format!("{value:#}\n"));
            } else {
                match &e {
                    // clap's own text already starts with `error:`.
                    CommandError::Usage { message, .. } if message.starts_with("error:") => {
                        output::err(format_args!("{message}"));
                    }
                    _ => output::err(format_args!("error: {e}")),
                }
            }
            code(&e)
        }
    }
}

/// A command as a row of `list`'s table.
pub(super) fn row(c: &CommandDef) -> Vec<String> {
    vec![
        format!("/{}", c.name),
        c.plugin.id.to_owned(),
        c.surface.as_str().to_owned(),
        super::table::or_dash(
            c.aliases
                .iter()
                .map(|a| format!("/{a}"))
                .collect::<Vec<_>>()
                .join(", "),
        ),
        super::table::first_line(c.description).to_owned(),
    ]
}

/// A command as `list --json` shows it.
pub(super) fn listing(host: &Host, c: &CommandDef) -> Value {
    json!({
        "name": c.name,
        "plugin": c.plugin.id,
        "aliases": c.aliases,
        "category": c.category,
        "surface": c.surface.as_str(),
        "description": c.description,
        "runnable_on_host": host.is_runnable(c, Surface::Host),
    })
}

/// A command as `manifest` shows it, with its arguments' schema.
pub(super) fn manifest(c: &CommandDef) -> Value {
    json!({
        "name": c.name,
        "aliases": c.aliases,
        "category": c.category,
        "surface": c.surface.as_str(),
        "description": c.description,
        "function": c.function,
        "order": c.order,
        "location": c.location.to_string(),
        "argsSchema": (c.args_schema)(),
    })
}

fn first_word(line: &str) -> Option<&str> {
    line.split_whitespace().next()
}

/// The exit code of each failure.
fn code(e: &CommandError) -> u8 {
    match e {
        CommandError::Failed { .. } | CommandError::Panicked { .. } => exit::TOOL_ERROR,
        CommandError::Empty { .. }
        | CommandError::Line { .. }
        | CommandError::Usage { .. }
        | CommandError::WrongSurface { .. } => exit::USAGE,
        CommandError::PluginUnavailable { .. }
        | CommandError::Definition { .. }
        | CommandError::ShutDown { .. } => exit::CONFIG,
        CommandError::Unknown { .. } => exit::UNKNOWN_TOOL,
    }
}

/// The failure's kind, as `--json` names it.
fn kind(e: &CommandError) -> &'static str {
    match e {
        CommandError::Empty { .. } => "empty",
        CommandError::Line { .. } => "line",
        CommandError::Unknown { .. } => "unknown",
        CommandError::Usage { .. } => "usage",
        CommandError::WrongSurface { .. } => "surface",
        CommandError::PluginUnavailable { .. } => "unavailable",
        CommandError::Failed { .. } => "failed",
        CommandError::Panicked { .. } => "panicked",
        CommandError::Definition { .. } => "definition",
        CommandError::ShutDown { .. } => "shut_down",
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::super::Cli;

    /// `#[command]` refuses the CLI's own subcommand names at compile time
    /// from one list; a subcommand added here without adding it there would
    /// let a plugin command shadow it, or be shadowed.
    #[test]
    fn every_subcommand_is_a_reserved_command_name() {
        let cli = Cli::command();
        let mut missing = Vec::new();
        for sub in cli.get_subcommands() {
            for name in std::iter::once(sub.get_name()).chain(sub.get_all_aliases()) {
                if !tackle::command::RESERVED_NAMES.contains(&name) {
                    missing.push(name.to_owned());
                }
            }
        }
        // clap's own `help` subcommand is disabled; `help` and `version`
        // stay reserved for the flags' spellings.
        assert!(
            missing.is_empty(),
            "add {missing:?} to RESERVED_NAMES in spec/src/command.rs"
        );
        assert!(tackle::command::RESERVED_NAMES.contains(&"help"));
    }
}
